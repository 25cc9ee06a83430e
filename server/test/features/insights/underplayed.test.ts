import { describe, expect, it } from 'vitest';
import type { Song } from '#shared/schemas/song.ts';
import {
  createSong,
  registerMusician,
  setRequestStatus,
  startShow,
  submitRequest,
  type TestMusician,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';
import { insightsTestConfig, learnNext, requestAgo } from './learn-next-seed.ts';

const { app } = await startTestApp(insightsTestConfig());

const ask = (song: Song, who: string) =>
  submitRequest(app, song, { requester_name: who, requester_email: `${who}@example.com` });

/** A request that was then played or turned down. */
async function decided(musician: TestMusician, song: Song, who: string, status: string) {
  const { id } = await ask(song, who);
  await setRequestStatus(app, musician, id, status);
  return id;
}

describe('underplayed songs in GET /api/insights/learn-next', () => {
  it('ranks repertoire songs requested more than played, and leaves out what was played', async () => {
    const musician = await registerMusician(app);
    const song = (title: string, artist: string) => createSong(app, musician, { title, artist });
    const wonderwall = await song('Wonderwall', 'Oasis');
    const yellow = await song('Yellow', 'Coldplay');
    const heyJude = await song('Hey Jude', 'The Beatles');
    const jolene = await song('Jolene', 'Dolly Parton');
    const letItBe = await song('Let It Be', 'The Beatles');

    // Wonderwall: played once for Ann, turned down for Bob and Cy.
    await decided(musician, wonderwall, 'ann', 'played');
    await decided(musician, wonderwall, 'bob', 'rejected');
    await decided(musician, wonderwall, 'cy', 'rejected');
    // Yellow: Dee asked, Eve and Fin joined (+1), never played.
    const { id: yellowRequest } = await ask(yellow, 'dee');
    await ask(yellow, 'eve');
    await ask(yellow, 'fin');
    await setRequestStatus(app, musician, yellowRequest, 'rejected');
    // Hey Jude and Jolene: played every time they were asked.
    await decided(musician, heyJude, 'fay', 'played');
    await decided(musician, jolene, 'gus', 'played');
    await decided(musician, jolene, 'gus', 'played');
    // Still in the live queue, outside any show: it may be played yet, so it does not count.
    await ask(jolene, 'kay');
    // Let It Be: two people, long ago.
    for (const who of ['hal', 'ida']) {
      await requestAgo(app, await decided(musician, letItBe, who, 'rejected'), 90);
    }

    const before = (await learnNext(app, musician)).underplayed;
    expect(before).toEqual([
      {
        song_id: yellow.id,
        title: 'Yellow',
        artist: 'Coldplay',
        requesters: 3,
        requests: 3,
        played: 0,
      },
      {
        song_id: wonderwall.id,
        title: 'Wonderwall',
        artist: 'Oasis',
        requesters: 3,
        requests: 3,
        played: 1,
      },
      {
        song_id: letItBe.id,
        title: 'Let It Be',
        artist: 'The Beatles',
        requesters: 2,
        requests: 2,
        played: 0,
      },
    ]);

    // Asked for in the running show and not played yet: it may still be played tonight.
    await startShow(app, musician);
    await ask(heyJude, 'jay');
    const during = (await learnNext(app, musician)).underplayed;
    expect(during.map((s) => s.title)).toEqual(['Yellow', 'Wonderwall', 'Let It Be']);
    await app.inject({ method: 'POST', url: '/api/shows/stop', headers: musician.auth });
    const after = (await learnNext(app, musician)).underplayed;
    expect(after.map((s) => s.title)).toEqual(['Yellow', 'Wonderwall', 'Hey Jude', 'Let It Be']);
    expect(after[2]).toMatchObject({ requesters: 2, requests: 2, played: 1 });
  });

  it('never counts a blocked requester, nor another musician’s requests', async () => {
    const musician = await registerMusician(app);
    const other = await registerMusician(app);
    const creep = await createSong(app, musician, { title: 'Creep', artist: 'Radiohead' });
    const elsewhere = await createSong(app, other, { title: 'Creep', artist: 'Radiohead' });
    const first = await decided(musician, creep, 'troll', 'played');
    const blocked = await app.inject({
      method: 'POST',
      url: '/api/blocked-requesters',
      headers: musician.auth,
      payload: { request_id: first },
    });
    expect(blocked.statusCode).toBe(201);
    await ask(creep, 'troll');
    await decided(other, elsewhere, 'kim', 'rejected');

    expect((await learnNext(app, musician)).underplayed).toEqual([]);
    expect((await learnNext(app, other)).underplayed).toEqual([
      {
        song_id: elsewhere.id,
        title: 'Creep',
        artist: 'Radiohead',
        requesters: 1,
        requests: 1,
        played: 0,
      },
    ]);
  });
});
