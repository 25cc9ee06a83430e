import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { createSong, registerMusician, type TestMusician } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';
import { insightsTestConfig, learnNext, pastShow, suggestAt, titles } from './learn-next-seed.ts';

const { app } = await startTestApp(insightsTestConfig());

const DECIDE = (musician: TestMusician, id: string, status: 'added' | 'rejected') =>
  app.inject({
    method: 'PUT',
    url: `/api/song-suggestions/${id}/status`,
    headers: musician.auth,
    payload: { status },
  });

/**
 * Two past shows (Tuesday 20 days ago, Friday 2 days ago) and suggestions in and between them:
 * - Valerie: Ann at Tuesday, Bob at Friday, Ann again at Friday spelled "VALERIE"
 *   -> 2 people, 2 shows: 2 * 0.5^(2/30) * 1.5 = 2.86
 * - Jolene: Cy, Dee, Eve 10 days ago, outside any show -> 3 * 0.5^(10/30) = 2.38
 * - Africa: Fay today, rejected -> 1
 * - Zombie: Gus three times, 1 day ago -> 0.5^(1/30) = 0.98
 * - Wonderwall (in the repertoire, suggested in another case) and Creep (dismissed): left out
 * - Hallelujah: added from the suggestions (so now in the repertoire): left out
 */
async function seedShows(musician: TestMusician) {
  const tuesday = await pastShow(app, musician, 'Tuesday', 20, 19.9);
  const friday = await pastShow(app, musician, 'Friday', 2, 1.9);
  const suggest = (title: string, artist: string, email: string, daysAgo: number) =>
    suggestAt(app, musician, { title, artist, email }, daysAgo);

  await suggest('Valerie', 'Amy Winehouse', 'ann@example.com', 19.95);
  await suggest('Valerie', 'Amy Winehouse', 'bob@example.com', 1.95);
  await suggest('VALERIE', 'amy winehouse', 'ANN@example.com', 1.95);
  for (const who of ['cy', 'dee', 'eve']) {
    await suggest('Jolene', 'Dolly Parton', `${who}@example.com`, 10);
  }
  const africa = await suggest('Africa', 'Toto', 'fay@example.com', 0);
  expect((await DECIDE(musician, africa, 'rejected')).statusCode).toBe(200);
  for (let i = 0; i < 3; i++) await suggest('Zombie', 'The Cranberries', 'gus@example.com', 1);

  for (const who of ['h1', 'h2', 'h3', 'h4']) {
    await suggest('wonderwall', 'OASIS', `${who}@example.com`, 0);
    await suggest('Creep', 'Radiohead', `${who}@example.com`, 0);
  }
  // Added after its suggestions: the audience cannot suggest a song they can request.
  await createSong(app, musician, { title: 'Wonderwall', artist: 'Oasis' });
  const dismissed = await app.inject({
    method: 'POST',
    url: '/api/insights/learn-next/dismissals',
    headers: musician.auth,
    payload: { title: 'creep', artist: 'RADIOHEAD' },
  });
  expect(dismissed.statusCode).toBe(204);
  const hallelujah: string[] = [];
  for (const who of ['i1', 'i2', 'i3', 'i4', 'i5']) {
    hallelujah.push(await suggest('Hallelujah', 'Leonard Cohen', `${who}@example.com`, 0));
  }
  expect((await DECIDE(musician, hallelujah[0]!, 'added')).statusCode).toBe(200);
  return { tuesday, friday };
}

describe('GET /api/insights/learn-next', () => {
  it('ranks suggestions across shows in a known order, without repertoire or dismissed songs', async () => {
    const musician = await registerMusician(app);
    const { tuesday, friday } = await seedShows(musician);

    const { songs } = await learnNext(app, musician);
    expect(titles(songs)).toEqual(['Valerie', 'Jolene', 'Africa', 'Zombie']);
    const [valerie, jolene, africa, zombie] = songs;
    expect(valerie).toEqual({
      title: 'Valerie',
      artist: 'Amy Winehouse',
      score: expect.closeTo(2 * 0.5 ** (1.95 / 30) * 1.5, 1),
      requesters: 2,
      shows: 2,
      last_asked_at: expect.any(String),
      sources: [
        { show_id: friday.id, name: 'Friday', requesters: 2 },
        { show_id: tuesday.id, name: 'Tuesday', requesters: 1 },
      ],
    });
    expect(Date.now() - Date.parse(valerie!.last_asked_at)).toBeCloseTo(1.95 * 86_400_000, -5);
    expect(jolene).toMatchObject({ requesters: 3, shows: 0 });
    expect(jolene!.score).toBeCloseTo(3 * 0.5 ** (10 / 30), 1);
    expect(jolene!.sources).toEqual([{ show_id: null, name: null, requesters: 3 }]);
    expect(africa).toMatchObject({ title: 'Africa', artist: 'Toto', score: 1, requesters: 1 });
    expect(zombie).toMatchObject({ requesters: 1, shows: 0, score: 0.98 });
  });

  it('never answers a requester’s email or name', async () => {
    const musician = await registerMusician(app);
    await seedShows(musician);
    const res = await app.inject({
      method: 'GET',
      url: '/api/insights/learn-next',
      headers: musician.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/@|example\.com|Fan /);
  });

  it('shows each musician only their own audience’s suggestions', async () => {
    const alpha = await registerMusician(app);
    const bravo = await registerMusician(app);
    await suggestAt(app, alpha, { title: 'Alpha Song', artist: 'A', email: 'x@example.com' }, 0);
    await suggestAt(app, bravo, { title: 'Bravo Song', artist: 'B', email: 'x@example.com' }, 0);
    await createSong(app, bravo, { title: 'Alpha Song', artist: 'A' });

    expect(titles((await learnNext(app, alpha)).songs)).toEqual(['Alpha Song']);
    expect(titles((await learnNext(app, bravo)).songs)).toEqual(['Bravo Song']);
  });

  it('answers empty lists for a musician nobody suggested anything to', async () => {
    const musician = await registerMusician(app);
    expect(await learnNext(app, musician)).toEqual({ songs: [], underplayed: [] });
  });

  it('keeps the top 20', async () => {
    const musician = await registerMusician(app);
    for (let i = 1; i <= 22; i++) {
      await suggestAt(app, musician, { title: `Song ${i}`, artist: 'B', email: 'z@x.io' }, i);
    }
    const { songs } = await learnNext(app, musician);
    expect(songs).toHaveLength(20);
    expect(songs[0]!.title).toBe('Song 1');
    expect(songs[19]!.title).toBe('Song 20');
  });

  it('merges spellings by the import key: case and surrounding spaces, accents included', async () => {
    const musician = await registerMusician(app);
    const suggest = (title: string, artist: string, email: string) =>
      suggestAt(app, musician, { title, artist, email }, 0);
    await suggest('Été', 'Artiste', 'a@example.com');
    await suggest('ÉTÉ', 'ARTISTE', 'b@example.com');
    await suggest('Été', 'Artiste', 'c@example.com');
    const { songs } = await learnNext(app, musician);
    expect(songs).toEqual([expect.objectContaining({ title: 'Été', requesters: 3 })]);

    await createSong(app, musician, { title: 'été', artist: 'artiste' });
    expect((await learnNext(app, musician)).songs).toEqual([]);
  });

  it('is for the signed-in musician only', async () => {
    const calls = [
      { method: 'GET' as const, url: '/api/insights/learn-next' },
      { method: 'POST' as const, url: '/api/insights/learn-next/dismissals' },
      { method: 'DELETE' as const, url: '/api/insights/learn-next/dismissals?title=a&artist=b' },
      { method: 'POST' as const, url: '/api/insights/learn-next/songs' },
    ];
    for (const call of calls) {
      for (const headers of [{}, { authorization: 'Bearer not-a-session' }]) {
        const res = await app.inject({
          ...call,
          headers,
          payload: call.method === 'POST' ? { title: 'a', artist: 'b' } : undefined,
        });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
        expect([messages.loginRequired, messages.sessionExpired]).toContain(res.json().detail);
      }
    }
  });
});
