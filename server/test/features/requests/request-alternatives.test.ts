import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import type { RefusedAsPlayed, RequestStatusView } from '#shared/schemas/audience.ts';
import type { CreatedRequest } from '#shared/schemas/request.ts';
import type { PublicSong, Song, SongInput } from '#shared/schemas/song.ts';
import {
  activatePlaylist,
  createPlaylist,
  createSong,
  hideSong,
  registerMusician,
  setRequestStatus,
  submitRequest,
  updateProfile,
  type TestMusician,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

// Something else to ask for (issue 47, item 3): a rejected request's status, and the no-repeats
// refusal, carry up to three songs the audience may request now, nearest first.

const { app } = await startTestApp();

/** How often a song was asked for, set on its row: the order "most requested" reads. */
async function askedTimes(song: Song, times: number) {
  await app.database.kysely
    .updateTable('songs')
    .set({ requestCount: times })
    .where('id', '=', song.id)
    .execute();
}

const song = (musician: TestMusician, fields: Partial<SongInput>, asked = 0) =>
  createSong(app, musician, { genres: [], year: null, ...fields }).then(async (made) => {
    await askedTimes(made, asked);
    return made;
  });

/** Yellow (Coldplay, Alt Rock, 2000), asked for by someone new and rejected. */
async function rejectedYellow(musician: TestMusician) {
  const yellow = await song(musician, {
    title: 'Yellow',
    artist: 'Coldplay',
    genres: ['Alt Rock'],
    year: 2000,
  });
  const created = await submitRequest(app, yellow, { requester_email: `${randomUUID()}@x.org` });
  await setRequestStatus(app, musician, created.id, 'rejected');
  return { yellow, created };
}

async function statusOf(token: string): Promise<RequestStatusView> {
  const res = await app.inject({ url: `/api/request-status/${encodeURIComponent(token)}` });
  expect(res.statusCode).toBe(200);
  return res.json<RequestStatusView>();
}

const titles = (view: { alternatives?: PublicSong[] }) =>
  view.alternatives?.map((item) => item.title);

describe('a rejected request offers songs to ask for instead', () => {
  it('the same artist first, then a genre of the same decade, then the most requested', async () => {
    const musician = await registerMusician(app);
    await song(
      musician,
      { title: 'Lithium', artist: 'Nirvana', genres: ['Alt Rock'], year: 1991 },
      40,
    );
    await song(
      musician,
      { title: 'Lose Yourself', artist: 'Eminem', genres: ['Hip-Hop'], year: 2002 },
      30,
    );
    await song(
      musician,
      { title: 'Dancing Queen', artist: 'ABBA', genres: ['Disco'], year: 1976 },
      50,
    );
    await song(
      musician,
      { title: 'Plug In Baby', artist: 'Muse', genres: ['alt rock'], year: 2001 },
      1,
    );
    await song(musician, { title: 'Clocks', artist: 'coldplay', genres: ['Pop'], year: 2002 }, 0);
    const { created } = await rejectedYellow(musician);

    const view = await statusOf(created.status_token);
    expect(view.status).toBe('rejected');
    expect(titles(view)).toEqual(['Clocks', 'Plug In Baby', 'Dancing Queen']);
  });

  it('orders each kind by how often it was asked for, and stops at three', async () => {
    const musician = await registerMusician(app);
    for (const [title, asked] of [
      ['Clocks', 2],
      ['Fix You', 9],
      ['Viva la Vida', 5],
      ['Trouble', 1],
    ] as const) {
      await song(musician, { title, artist: 'Coldplay' }, asked);
    }
    const { created } = await rejectedYellow(musician);
    expect(titles(await statusOf(created.status_token))).toEqual([
      'Fix You',
      'Viva la Vida',
      'Clocks',
    ]);
  });

  it('carries each song as the audience song list shows it', async () => {
    const musician = await registerMusician(app);
    await song(musician, {
      title: 'Clocks',
      artist: 'Coldplay',
      genres: ['Pop'],
      year: 2002,
      notes: 'Piano',
    });
    const { created } = await rejectedYellow(musician);
    const [offered] = (await statusOf(created.status_token)).alternatives!;
    const listed = (
      await app.inject({ url: `/api/musicians/${musician.musician.slug}/songs` })
    ).json<PublicSong[]>();
    expect(offered).toEqual(listed.find((item) => item.title === 'Clocks'));
    expect(offered).not.toHaveProperty('hidden');
    expect(offered).not.toHaveProperty('songwriter');
  });

  it('offers only songs the audience may request now, never the rejected one, none twice', async () => {
    const musician = await registerMusician(app);
    const hidden = await song(musician, { title: 'Hidden', artist: 'Coldplay' }, 90);
    await hideSong(app, musician, hidden);
    const played = await song(musician, { title: 'Played', artist: 'Coldplay' }, 80);
    const onSet = await song(musician, { title: 'On the set', artist: 'Muse' }, 1);
    await song(musician, { title: 'Off the set', artist: 'Coldplay' }, 70);
    const { yellow, created } = await rejectedYellow(musician);
    // Held back by the no-repeats rule: played within the last hours.
    await updateProfile(app, musician, { repeat_rule: 'hours', repeat_hours: 3 });
    const earlier = await submitRequest(app, played, { requester_email: 'p@example.com' });
    await setRequestStatus(app, musician, earlier.id, 'played');
    // A public playlist plays: only its songs (and other public playlists') may be asked for.
    const set = await createPlaylist(app, musician, { song_ids: [onSet.id, yellow.id, played.id] });
    await activatePlaylist(app, musician, set.id);

    expect(titles(await statusOf(created.status_token))).toEqual(['On the set']);
  });

  it('offers nothing while the musician takes no requests', async () => {
    const musician = await registerMusician(app);
    await song(musician, { title: 'Clocks', artist: 'Coldplay' });
    const { created } = await rejectedYellow(musician);
    await updateProfile(app, musician, { requests_enabled: false });
    expect((await statusOf(created.status_token)).alternatives).toEqual([]);
  });

  it("never offers another musician's songs", async () => {
    const musician = await registerMusician(app);
    const other = await registerMusician(app);
    await song(
      other,
      { title: 'Clocks', artist: 'Coldplay', genres: ['Alt Rock'], year: 2001 },
      99,
    );
    await song(musician, { title: 'Creep', artist: 'Radiohead' });
    const { created } = await rejectedYellow(musician);
    expect(titles(await statusOf(created.status_token))).toEqual(['Creep']);
  });

  it('the +1 that joined the rejected request is offered the same songs by its own token', async () => {
    const musician = await registerMusician(app);
    await song(musician, { title: 'Clocks', artist: 'Coldplay' });
    const yellow = await song(musician, { title: 'Yellow', artist: 'Coldplay' });
    const first = await submitRequest(app, yellow, { requester_email: 'a@example.com' });
    const plusOne = await submitRequest(app, yellow, { requester_email: 'b@example.com' });
    await setRequestStatus(app, musician, first.id, 'rejected');
    expect(plusOne.id).toBe(first.id);
    expect(titles(await statusOf(plusOne.status_token))).toEqual(['Clocks']);
  });
});

describe('no alternatives where nothing was turned down', () => {
  it.each(['pending', 'up_next', 'played'] as const)('%s carries none', async (status) => {
    const musician = await registerMusician(app);
    await song(musician, { title: 'Clocks', artist: 'Coldplay' });
    const yellow = await song(musician, { title: 'Yellow', artist: 'Coldplay' });
    const created = await submitRequest(app, yellow);
    if (status !== 'pending') await setRequestStatus(app, musician, created.id, status);
    const view = await statusOf(created.status_token);
    expect(view.status).toBe(status);
    expect(view).not.toHaveProperty('alternatives');
  });

  it.each([
    ['an unknown token', 'A'.repeat(43)],
    ['a token of the wrong shape', "' OR 1=1 --"],
    ['a path in the token', '../requests/grouped'],
  ])('%s is a 404 with a detail, and no songs', async (_name, token) => {
    const res = await app.inject({ url: `/api/request-status/${encodeURIComponent(token)}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: messages.requestStatusNotFound });
  });
});

describe('the no-repeats refusal', () => {
  it('carries songs to ask for instead beside its detail', async () => {
    const musician = await registerMusician(app);
    await updateProfile(app, musician, { repeat_rule: 'hours', repeat_hours: 3 });
    await song(musician, { title: 'Clocks', artist: 'Coldplay' });
    await song(musician, { title: 'Creep', artist: 'Radiohead' }, 4);
    const yellow = await song(musician, { title: 'Yellow', artist: 'Coldplay' });
    const first: CreatedRequest = await submitRequest(app, yellow, { requester_email: 'a@x.org' });
    await setRequestStatus(app, musician, first.id, 'played');

    const res = await app.inject({
      method: 'POST',
      url: '/api/requests',
      payload: { song_id: yellow.id, requester_name: 'Kim', requester_email: 'kim@x.org' },
    });
    expect(res.statusCode).toBe(409);
    const body = res.json<RefusedAsPlayed>();
    expect(body.detail).toMatch(/played/i);
    expect(body.alternatives?.map((item) => item.title)).toEqual(['Clocks', 'Creep']);
    expect(JSON.stringify(body)).not.toContain('a@x.org');
  });

  it('other refusals carry none', async () => {
    const musician = await registerMusician(app);
    await song(musician, { title: 'Clocks', artist: 'Coldplay' });
    const yellow = await song(musician, { title: 'Yellow', artist: 'Coldplay' });
    await hideSong(app, musician, yellow);
    const res = await app.inject({
      method: 'POST',
      url: '/api/requests',
      payload: { song_id: yellow.id, requester_name: 'Kim', requester_email: 'kim@x.org' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: messages.requestSongUnavailable });
  });
});
