import { describe, expect, it } from 'vitest';
import type { CreatedRequest } from '#shared/schemas/request.ts';
import type { PageChange } from '#shared/realtime.ts';
import type { RequestStatusView } from '#shared/schemas/audience.ts';
import {
  activatePlaylist,
  createPlaylist,
  createSong,
  paymentApps,
  registerMusician,
  saveDesign,
  sendTip,
  setRequestStatus,
  submitRequest,
  submitSuggestion,
  updateProfile,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';
import { connectAudience, connectDevice } from '#server-test/helpers/test-device.ts';

const { app, url, rawLogs } = await startTestApp({}, { listen: true });

// Distinctive enough that any occurrence is a leak, not a coincidence.
const requesters = [
  {
    requester_name: 'Zebediah Quillfeather',
    requester_email: 'zeb.quillfeather.private@example.org',
    dedication: 'For my secret love Philomena Wrenfield',
  },
  {
    requester_name: 'Ottoline Brackenbury',
    requester_email: 'ottoline.hidden@example.net',
    dedication: 'Happy anniversary Bartholomew Fenwick',
  },
];

describe('privacy of the audience page', () => {
  it('never shows an email, a dedication or a requester name in any public answer or message', async () => {
    const musician = await registerMusician(app, { name: 'The Privacy Band' });
    // No repeats on: the song list then says which songs were played or come up next.
    await updateProfile(app, musician, {
      ...paymentApps(),
      bio: 'We play what you ask.',
      repeat_rule: 'hours',
      repeat_hours: 72,
    });
    await saveDesign(app, musician, { colorScheme: 'green' });
    const slug = musician.musician.slug;
    const song = await createSong(app, musician, { title: 'Dreams', artist: 'Fleetwood Mac' });
    const other = await createSong(app, musician, { title: 'Landslide', artist: 'Fleetwood Mac' });
    const playlist = await createPlaylist(app, musician, { song_ids: [song.id, other.id] });
    const musicianDevice = await connectDevice(url, musician.token);

    const publicAnswers: { what: string; body: string }[] = [];
    const answer = (what: string, body: unknown) =>
      publicAnswers.push({ what, body: typeof body === 'string' ? body : JSON.stringify(body) });

    // Two phones open the page; each files a request and follows it.
    const phones = [await connectAudience(url), await connectAudience(url)];
    const created: CreatedRequest[] = [];
    for (const [index, phone] of phones.entries()) {
      expect(await phone.followPage(slug)).toBe(true);
      const target = index === 0 ? song : other;
      const headers = { 'idempotency-key': `privacy-${index}` };
      const first = await submitRequest(app, target, requesters[index], headers);
      // A retry (the first answer got lost) issues a fresh token: the phone follows with that one.
      const retry = await submitRequest(app, target, requesters[index], headers);
      answer('POST /requests', first);
      answer('POST /requests retry', retry);
      answer('request:follow ack', await phone.followRequests([retry.status_token]));
      created.push(retry);
    }

    // The tip after the request, with the requester's own name as tipper.
    for (const [index, request] of created.entries()) {
      answer(
        'POST /tips',
        await sendTip(app, musician, {
          tipper_name: requesters[index]!.requester_name,
          message: requesters[index]!.dedication.slice(0, 20),
          request_id: request.id,
        }),
      );
    }
    answer(
      'POST /song-suggestions',
      await submitSuggestion(app, musician, {
        requester_name: requesters[0]!.requester_name,
        requester_email: requesters[0]!.requester_email,
        message: requesters[0]!.dedication,
      }),
    );

    // The musician works the queue and changes the page while the phones watch.
    await setRequestStatus(app, musician, created[0]!.id, 'up_next');
    await setRequestStatus(app, musician, created[1]!.id, 'rejected');
    await setRequestStatus(app, musician, created[0]!.id, 'played');
    await activatePlaylist(app, musician, playlist.id);
    await updateProfile(app, musician, { requests_enabled: false });
    await updateProfile(app, musician, { requests_enabled: true });
    for (const [index, phone] of phones.entries()) {
      const last = index === 0 ? 'played' : 'rejected';
      await phone.waitFor<RequestStatusView>('request:status', (s) => s.status === last);
      await phone.waitFor<PageChange>('page:changed', (c) => c.kind === 'songs');
      await phone.waitFor<PageChange>(
        'page:changed',
        (c) => c.kind === 'profile' && c.musician.requests_enabled,
      );
    }

    // A song Up Next ("coming up"), and the played one asked for again: refused with its time.
    const again = await submitRequest(app, other, requesters[1]);
    answer('POST /requests again', again);
    await setRequestStatus(app, musician, again.id, 'up_next');
    const refused = await app.inject({
      method: 'POST',
      url: '/api/requests',
      payload: { song_id: song.id, ...requesters[1] },
    });
    expect(refused.statusCode).toBe(409);
    answer('POST /requests of a played song', refused.body);
    const listed = await app.inject({ url: `/api/musicians/${slug}/songs` });
    const states = listed.json<Record<string, unknown>[]>().map((s) => ({
      id: s.id,
      coming_up: s.coming_up,
      played: typeof s.played_at === 'string',
    }));
    expect(states).toEqual(
      expect.arrayContaining([
        { id: song.id, coming_up: undefined, played: true },
        { id: other.id, coming_up: true, played: false },
      ]),
    );

    // Every public read of the page, and each requester's status.
    for (const route of ['', '/access-check', '/design', '/songs', '/playlists', '/filters']) {
      const res = await app.inject({ url: `/api/musicians/${slug}${route}` });
      expect(res.statusCode).toBe(200);
      answer(`GET /musicians/{slug}${route}`, res.body);
    }
    const links = await app.inject({
      url: `/api/musicians/${slug}/tip-links`,
      query: { amount: '5', message: 'Thanks for the music! (with song request)' },
    });
    answer('GET tip-links', links.body);
    for (const [index, request] of created.entries()) {
      const res = await app.inject({ url: `/api/request-status/${request.status_token}` });
      expect(res.statusCode).toBe(200);
      // A played request's receipt names who asked with this token, read by their own secret:
      // the one name it may carry, checked apart (the first was played, the second rejected).
      const { played_for: playedFor, ...rest } = res.json<RequestStatusView>();
      expect(playedFor).toBe(index === 0 ? requesters[0]!.requester_name : undefined);
      answer('GET /request-status', rest);
    }
    for (const [index, phone] of phones.entries()) {
      answer(`audience phone ${index}`, phone.received);
    }

    const secrets = [
      musician.email,
      ...requesters.flatMap((r) => [r.requester_name, r.requester_email, r.dedication]),
      ...requesters.map((r) => r.dedication.slice(0, 20)),
    ];
    for (const { what, body } of publicAnswers) {
      for (const secret of secrets) expect(body, `${what} leaks "${secret}"`).not.toContain(secret);
    }
    // Each phone heard only its own request's status.
    for (const [index, phone] of phones.entries()) {
      const ids = phone.received
        .filter((e) => e.name === 'request:status')
        .map((e) => (e.payload as RequestStatusView).id);
      expect(new Set(ids)).toEqual(new Set([created[index]!.id]));
    }

    // The musician sees everything, but never a status token; no log line holds one either.
    await musicianDevice.waitFor('request:updated');
    const musicianSide = JSON.stringify(musicianDevice.received);
    expect(musicianSide).toContain(requesters[0]!.requester_email);
    for (const request of created) {
      expect(musicianSide).not.toContain(request.status_token);
      expect(rawLogs()).not.toContain(request.status_token);
    }
  });
});

describe('privacy of the venue screen and the public queue', () => {
  it('shows first names only: no email, surname or dedication in any answer or push', async () => {
    const musician = await registerMusician(app, { name: 'The Open Queue Band' });
    await updateProfile(app, musician, { public_queue: true });
    const slug = musician.musician.slug;
    const song = await createSong(app, musician, { title: 'Dreams', artist: 'Fleetwood Mac' });
    const other = await createSong(app, musician, { title: 'Landslide', artist: 'Fleetwood Mac' });
    const screen = await connectAudience(url);
    expect(await screen.followPage(slug)).toBe(true);

    const first = await submitRequest(app, song, requesters[0]);
    await submitRequest(app, other, requesters[1]);
    await setRequestStatus(app, musician, first.id, 'up_next');
    // The second requester +1s the first's request from the Queue view.
    const vote = await app.inject({
      method: 'POST',
      url: `/api/requests/${first.id}/vote`,
      payload: {
        requester_name: requesters[1]!.requester_name,
        requester_email: requesters[1]!.requester_email,
      },
    });
    expect(vote.json()).toMatchObject({ id: first.id, votes: 2 });
    await screen.waitFor<PageChange>('page:changed', (c) => c.kind === 'queue');

    const answers = {
      vote: vote.body,
      screen: (await app.inject({ url: `/api/musicians/${slug}/screen` })).body,
      queue: (await app.inject({ url: `/api/musicians/${slug}/queue` })).body,
      pushes: JSON.stringify(screen.received),
    };
    expect(answers.screen).toContain('"requester_first_name":"Zebediah"');
    expect(answers.queue).toContain('"requester_first_name":"Ottoline"');
    const secrets = [
      musician.email,
      'Quillfeather',
      'Brackenbury',
      ...requesters.flatMap((r) => [r.requester_email, r.dedication]),
      'Philomena',
      'Bartholomew',
    ];
    for (const [what, body] of Object.entries(answers)) {
      for (const secret of secrets) expect(body, `${what} leaks "${secret}"`).not.toContain(secret);
    }

    // Opted in, the screen shows dedications, and still no email or surname.
    await updateProfile(app, musician, { venue_screen_dedications: true });
    const withDedications = (await app.inject({ url: `/api/musicians/${slug}/screen` })).body;
    expect(withDedications).toContain(requesters[0]!.dedication);
    for (const secret of [musician.email, 'Quillfeather', requesters[0]!.requester_email]) {
      expect(withDedications).not.toContain(secret);
    }
    // Another musician's screen and queue never carry this one's requests.
    const stranger = await registerMusician(app, { name: 'Stranger Band' });
    await updateProfile(app, stranger, { public_queue: true });
    for (const route of ['screen', 'queue']) {
      const body = (await app.inject({ url: `/api/musicians/${stranger.musician.slug}/${route}` }))
        .body;
      expect(body).not.toMatch(/Zebediah|Ottoline|Dreams|Landslide/);
    }
  });
});
