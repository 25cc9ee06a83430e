import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import type { RequestStatusView } from '#shared/schemas/audience.ts';
import type { ShowRecap } from '#shared/schemas/show-recap.ts';
import type { Song } from '#shared/schemas/song.ts';
import {
  createSong,
  paymentApps,
  registerMusician,
  setRequestStatus,
  startShow,
  submitRequest,
  updateProfile,
  type TestMusician,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

const { app } = await startTestApp();

const person = (name: string) => ({
  requester_name: name,
  requester_email: `${name.toLowerCase()}@example.com`,
  dedication: `Happy birthday from ${name}`,
});

const statusOf = async (token: string) =>
  (await app.inject({ url: `/api/request-status/${token}` })).json<RequestStatusView>();

const recapOf = (slug: string, showId: string) =>
  app.inject({ url: `/api/musicians/${slug}/shows/${encodeURIComponent(showId)}/recap` });

const stopShow = async (musician: TestMusician) => {
  const res = await app.inject({ method: 'POST', url: '/api/shows/stop', headers: musician.auth });
  expect(res.statusCode, res.body).toBe(200);
};

/** A musician sharing recaps, in a show, with two songs asked for by Sarah and Tom. */
async function nightWithTwoSongs() {
  const musician = await registerMusician(app);
  await updateProfile(app, musician, { show_recaps: true, ...paymentApps({ zelle_email: '' }) });
  const show = await startShow(app, musician, 'Friday at the Blue Room');
  const songs: Song[] = [
    await createSong(app, musician, { title: 'Dreams', artist: 'Fleetwood Mac' }),
    await createSong(app, musician, { title: 'Valerie', artist: 'Amy Winehouse' }),
  ];
  const sarah = await submitRequest(app, songs[0]!, person('Sarah'));
  const tom = await submitRequest(app, songs[1]!, person('Tom'));
  return { musician, show, songs, sarah, tom };
}

describe('the receipt of a played request', () => {
  it('carries when it was played and the name given with it, and nothing while it waits', async () => {
    const { musician, sarah } = await nightWithTwoSongs();
    const waiting = await statusOf(sarah.status_token);
    expect(waiting).not.toHaveProperty('played_at');
    expect(waiting).not.toHaveProperty('played_for');

    const before = Date.now();
    await setRequestStatus(app, musician, sarah.id, 'played');
    const played = await statusOf(sarah.status_token);
    expect(played).toMatchObject({ status: 'played', played_for: 'Sarah' });
    expect(Date.parse(played.played_at!)).toBeGreaterThanOrEqual(before - 1000);
    // The show still runs: no setlist yet. Never the email or the dedication.
    expect(played).not.toHaveProperty('recap_show_id');
    expect(JSON.stringify(played)).not.toContain('sarah@example.com');
    expect(JSON.stringify(played)).not.toContain('Happy birthday');
  });

  it("gives a +1 its own name, never the first requester's", async () => {
    const { musician, songs, sarah } = await nightWithTwoSongs();
    const plusOne = await submitRequest(app, songs[0]!, person('Priya'), {});
    expect(plusOne.id).toBe(sarah.id);
    await setRequestStatus(app, musician, sarah.id, 'played');
    const theirs = await statusOf(plusOne.status_token);
    expect(theirs.played_for).toBe('Priya');
    expect(JSON.stringify(theirs)).not.toContain('Sarah');
    expect((await statusOf(sarah.status_token)).played_for).toBe('Sarah');
  });

  it('links the setlist once the show has ended, only while the musician shares it', async () => {
    const { musician, show, sarah } = await nightWithTwoSongs();
    await setRequestStatus(app, musician, sarah.id, 'played');
    await stopShow(musician);
    expect((await statusOf(sarah.status_token)).recap_show_id).toBe(show.id);
    // Still answered after the show, the receipt whole.
    expect(await statusOf(sarah.status_token)).toMatchObject({ played_for: 'Sarah' });

    await updateProfile(app, musician, { show_recaps: false });
    const unshared = await statusOf(sarah.status_token);
    expect(unshared).not.toHaveProperty('recap_show_id');
    expect(unshared.played_for).toBe('Sarah');
  });

  it('is gone when a played request is undone to the queue', async () => {
    const { musician, sarah } = await nightWithTwoSongs();
    await setRequestStatus(app, musician, sarah.id, 'played');
    // Undo: back to where it was, within the undo window (the real clock: at once).
    await setRequestStatus(app, musician, sarah.id, 'pending');
    const back = await statusOf(sarah.status_token);
    expect(back.status).toBe('pending');
    expect(back).not.toHaveProperty('played_at');
  });
});

describe('GET /api/musicians/:slug/shows/:show_id/recap', () => {
  it('lists the songs played that night in order, with the tip and follow links', async () => {
    const { musician, show, sarah, tom } = await nightWithTwoSongs();
    await updateProfile(app, musician, { instagram_username: 'bluebandig' });
    await setRequestStatus(app, musician, tom.id, 'played');
    await setRequestStatus(app, musician, sarah.id, 'played');
    await stopShow(musician);

    const res = await recapOf(musician.musician.slug, show.id);
    expect(res.statusCode, res.body).toBe(200);
    const recap = res.json<ShowRecap>();
    expect(recap.show).toMatchObject({ name: 'Friday at the Blue Room' });
    expect(recap.songs.map((song) => song.title)).toEqual(['Valerie', 'Dreams']);
    expect(Date.parse(recap.songs[0]!.played_at)).toBeLessThanOrEqual(
      Date.parse(recap.songs[1]!.played_at),
    );
    expect(recap.musician).toMatchObject({
      slug: musician.musician.slug,
      instagram_username: 'bluebandig',
      venmo_username: 'band-venmo',
      tips_enabled: true,
    });
    // Nobody who asked: no names, emails or dedications, nor the musician's own email.
    for (const secret of ['Sarah', 'Tom', '@example.com', 'Happy birthday', musician.email]) {
      expect(res.body).not.toContain(secret);
    }
  });

  it('leaves out what was not played: waiting, rejected', async () => {
    const { musician, show, sarah, tom } = await nightWithTwoSongs();
    await setRequestStatus(app, musician, sarah.id, 'played');
    await setRequestStatus(app, musician, tom.id, 'rejected');
    await stopShow(musician);
    const recap = (await recapOf(musician.musician.slug, show.id)).json<ShowRecap>();
    expect(recap.songs.map((song) => song.title)).toEqual(['Dreams']);
  });

  it('is not found while off, while the show runs, or when nothing was played', async () => {
    const { musician, show, sarah } = await nightWithTwoSongs();
    const expect404 = async (why: string) => {
      const res = await recapOf(musician.musician.slug, show.id);
      expect(res.statusCode, why).toBe(404);
      expect(res.json(), why).toEqual({ detail: messages.showRecapNotFound });
    };
    await expect404('nothing played yet, show running');
    await setRequestStatus(app, musician, sarah.id, 'played');
    await expect404('show still running');
    await stopShow(musician);
    await updateProfile(app, musician, { show_recaps: false });
    await expect404('recaps off');
    await updateProfile(app, musician, { show_recaps: true });
    expect((await recapOf(musician.musician.slug, show.id)).statusCode).toBe(200);

    const quiet = await registerMusician(app);
    await updateProfile(app, quiet, { show_recaps: true });
    const quietShow = await startShow(app, quiet);
    await stopShow(quiet);
    expect((await recapOf(quiet.musician.slug, quietShow.id)).statusCode).toBe(404);
  });

  it("answers another musician's show id under this slug as not found", async () => {
    const { musician, show, sarah } = await nightWithTwoSongs();
    await setRequestStatus(app, musician, sarah.id, 'played');
    await stopShow(musician);
    const other = await registerMusician(app);
    await updateProfile(app, other, { show_recaps: true });
    const res = await recapOf(other.musician.slug, show.id);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Dreams');
  });

  it.each([
    ['not a uuid', 'not-a-show'],
    ['an unknown uuid', '00000000-0000-4000-8000-000000000000'],
    ['SQL', "' OR 1=1 --"],
    ['emoji', '🎸'.repeat(20)],
    ['a very long id', 'a'.repeat(2_000)],
  ])('answers %s with a 4xx and a detail', async (_name, showId) => {
    const { musician, sarah } = await nightWithTwoSongs();
    await setRequestStatus(app, musician, sarah.id, 'played');
    await stopShow(musician);
    const res = await recapOf(musician.musician.slug, showId);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(typeof res.json().detail).toBe('string');
  });

  it('answers an unknown musician as not found', async () => {
    const res = await recapOf('nobody-here', '00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: messages.musicianNotFound });
  });

  it('answers in the reader’s language', async () => {
    const res = await app.inject({
      url: `/api/musicians/nobody/shows/x/recap`,
      headers: { 'accept-language': 'de' },
    });
    // The musician is unknown: its sentence, in German.
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).not.toBe(messages.musicianNotFound);
  });
});

describe('PUT /api/profile show_recaps', () => {
  it('is off by default, turns on and off, and refuses what is not a boolean', async () => {
    const musician = await registerMusician(app);
    const profile = await app.inject({ url: '/api/profile', headers: musician.auth });
    expect(profile.json()).toMatchObject({ show_recaps: false });
    expect(await updateProfile(app, musician, { show_recaps: true })).toMatchObject({
      show_recaps: true,
    });
    for (const bad of ['yes', 1, null]) {
      const res = await app.inject({
        method: 'PUT',
        url: '/api/profile',
        headers: musician.auth,
        payload: { show_recaps: bad },
      });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(typeof res.json().detail).toBe('string');
    }
    // Musician-only: the public page does not carry it.
    const page = await app.inject({ url: `/api/musicians/${musician.musician.slug}` });
    expect(page.json()).not.toHaveProperty('show_recaps');
  });
});
