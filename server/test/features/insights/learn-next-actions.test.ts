import { describe, expect, it } from 'vitest';
import { fill } from '#shared/fill-message.ts';
import { messages } from '#shared/messages.ts';
import { LEARN_NEXT_DISMISSALS_MAX } from '#shared/schemas/insights.ts';
import type { Song } from '#shared/schemas/song.ts';
import type { Suggestion } from '#shared/schemas/suggestion.ts';
import { createSong, registerMusician, type TestMusician } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';
import { insightsTestConfig, learnNext, suggestAt, titles } from './learn-next-seed.ts';

const { app } = await startTestApp(insightsTestConfig());

const DISMISSALS = '/api/insights/learn-next/dismissals';

const dismiss = (musician: TestMusician, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: DISMISSALS,
    headers: musician.auth,
    payload: payload as object,
  });

const restore = (musician: TestMusician, title: string, artist: string) =>
  app.inject({
    method: 'DELETE',
    url: `${DISMISSALS}?${new URLSearchParams({ title, artist })}`,
    headers: musician.auth,
  });

const addToSongs = (musician: TestMusician, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/insights/learn-next/songs',
    headers: musician.auth,
    payload: payload as object,
  });

async function musicianWithSuggestions(...songs: [string, string][]) {
  const musician = await registerMusician(app);
  for (const [title, artist] of songs) {
    await suggestAt(app, musician, { title, artist, email: 'fan@example.com' }, 0);
  }
  return musician;
}

describe('POST and DELETE /api/insights/learn-next/dismissals', () => {
  it('hides a song (in any letter case) with Not for me, twice is fine, and Undo brings it back', async () => {
    const musician = await musicianWithSuggestions(['Jolene', 'Dolly Parton'], ['Zombie', 'X']);
    const first = await dismiss(musician, { title: ' jolene ', artist: 'DOLLY PARTON' });
    expect(first.statusCode).toBe(204);
    expect(first.body).toBe('');
    expect((await dismiss(musician, { title: 'Jolene', artist: 'Dolly Parton' })).statusCode).toBe(
      204,
    );
    expect(titles((await learnNext(app, musician)).songs)).toEqual(['Zombie']);

    expect((await restore(musician, 'JOLENE', 'dolly parton')).statusCode).toBe(204);
    expect(titles((await learnNext(app, musician)).songs).sort()).toEqual(['Jolene', 'Zombie']);
    // Nothing left to undo: still done.
    expect((await restore(musician, 'Jolene', 'Dolly Parton')).statusCode).toBe(204);
  });

  it('takes emoji titles', async () => {
    const musician = await musicianWithSuggestions(['🎸 Rock 🤘', 'Band 🎶'], ['Other', 'X']);
    expect((await dismiss(musician, { title: '🎸 Rock 🤘', artist: 'Band 🎶' })).statusCode).toBe(
      204,
    );
    expect(titles((await learnNext(app, musician)).songs)).toEqual(['Other']);
    expect((await restore(musician, '🎸 Rock 🤘', 'Band 🎶')).statusCode).toBe(204);
    expect((await learnNext(app, musician)).songs).toHaveLength(2);
  });

  it('refuses hostile input with a sentence a person can act on', async () => {
    const musician = await registerMusician(app);
    // Past the field's limit, well under the address's (414 past 4,096 characters).
    const long = 'a'.repeat(1_000);
    const cases: [unknown, string][] = [
      [{ title: 'Bad\u0000title', artist: 'B' }, messages.textHasNulCharacter],
      [{ title: 'T', artist: 'B\u0000' }, messages.textHasNulCharacter],
      [{ title: long, artist: 'B' }, 'Title must be at most 200 characters long.'],
      [{ title: 'T', artist: long }, 'Artist must be at most 200 characters long.'],
      [{ title: '   ', artist: 'B' }, messages.songTitleRequired],
      [{ title: 'T' }, messages.songArtistRequired],
      [{ title: 42, artist: 'B' }, messages.songTitleRequired],
      [['T', 'B'], 'This value must be an object.'],
    ];
    for (const [payload, detail] of cases) {
      const res = await dismiss(musician, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.json()).toEqual({ detail });
    }

    const undo = (query: string) =>
      app.inject({ method: 'DELETE', url: `${DISMISSALS}?${query}`, headers: musician.auth });
    expect((await undo('title=a%00b&artist=c')).json()).toEqual({
      detail: messages.textHasNulCharacter,
    });
    const tooLong = await undo(`title=${long}&artist=c`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ detail: 'Title must be at most 200 characters long.' });
    expect((await undo('title=a')).json()).toEqual({ detail: messages.songArtistRequired });
  });

  it('stops at the most dismissals one musician may keep', async () => {
    const musician = await registerMusician(app);
    const fillers = Array.from({ length: LEARN_NEXT_DISMISSALS_MAX }, (_, i) => ({
      musicianId: musician.musician.id,
      songKey: `filler-${i + 1}`,
    }));
    // In slices: one statement's parameters stay well under either engine's limit.
    for (let start = 0; start < fillers.length; start += 1_000) {
      await app.database.kysely
        .insertInto('learnNextDismissals')
        .values(fillers.slice(start, start + 1_000))
        .execute();
    }
    const res = await dismiss(musician, { title: 'One more', artist: 'B' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      detail: fill(messages.learnNextDismissalsFull, { max: '10,000' }),
    });
  });
});

describe('POST /api/insights/learn-next/songs', () => {
  it('adds the song with metadata filled in, and it leaves the list', async () => {
    const musician = await musicianWithSuggestions(['Valerie', 'Amy Winehouse'], ['Own', 'Band']);
    const res = await addToSongs(musician, { title: 'Valerie', artist: 'Amy Winehouse' });
    expect(res.statusCode).toBe(201);
    expect(res.json<Song>()).toMatchObject({
      title: 'Valerie',
      artist: 'Amy Winehouse',
      genres: ['Soul', 'Pop'],
      moods: ['Upbeat', 'Party'],
      year: 2007,
      hidden: false,
    });
    expect(titles((await learnNext(app, musician)).songs)).toEqual(['Own']);

    const list = await app.inject({ method: 'GET', url: '/api/songs', headers: musician.auth });
    expect(titles(list.json<Song[]>())).toEqual(['Valerie']);
  });

  it("answers the song's pending suggestions, in any spelling, as added", async () => {
    const musician = await musicianWithSuggestions(['Valerie', 'Amy Winehouse'], ['Own', 'Band']);
    await suggestAt(
      app,
      musician,
      { title: ' VALERIE', artist: 'amy winehouse ', email: 'b@x.io' },
      1,
    );
    await suggestAt(app, musician, { title: 'Valerie', artist: 'Mark Ronson', email: 'c@x.io' }, 1);
    expect(
      (await addToSongs(musician, { title: 'Valerie', artist: 'Amy Winehouse' })).statusCode,
    ).toBe(201);

    const res = await app.inject({
      method: 'GET',
      url: '/api/song-suggestions',
      headers: musician.auth,
    });
    const statuses = res
      .json<Suggestion[]>()
      .map((s) => `${s.suggested_title.trim()} / ${s.suggested_artist.trim()}: ${s.status}`)
      .sort();
    expect(statuses).toEqual([
      'Own / Band: pending',
      'VALERIE / amy winehouse: added',
      'Valerie / Amy Winehouse: added',
      // Another artist's song of the same name is another song.
      'Valerie / Mark Ronson: pending',
    ]);
  });

  it('adds a song no source knows as it is', async () => {
    const musician = await musicianWithSuggestions(['Our Own Tune', 'The Locals']);
    const res = await addToSongs(musician, { title: 'Our Own Tune', artist: 'The Locals' });
    expect(res.statusCode).toBe(201);
    expect(res.json<Song>()).toMatchObject({ genres: [], moods: [], year: null, songwriter: '' });
    expect((await learnNext(app, musician)).songs).toEqual([]);
  });

  it('follows the songs rules: a song already there is a 409 naming it', async () => {
    const musician = await registerMusician(app);
    await createSong(app, musician, { title: 'Jolene', artist: 'Dolly Parton' });
    const res = await addToSongs(musician, { title: 'JOLENE', artist: 'dolly parton' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      detail: fill(messages.songDuplicate, { title: 'Jolene', artist: 'Dolly Parton' }),
    });
  });

  it('refuses hostile input with a sentence a person can act on', async () => {
    const musician = await registerMusician(app);
    const cases: [unknown, string][] = [
      [{ title: 'a\u0000', artist: 'b' }, messages.textHasNulCharacter],
      [{ title: 'a'.repeat(10_000), artist: 'b' }, 'Title must be at most 200 characters long.'],
      [{ title: 'a' }, messages.songArtistRequired],
      [null, 'This value is required.'],
    ];
    for (const [payload, detail] of cases) {
      const res = await addToSongs(musician, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail });
    }
    const list = await app.inject({ method: 'GET', url: '/api/songs', headers: musician.auth });
    expect(list.json()).toEqual([]);
  });

  it('adds an emoji title as typed', async () => {
    const musician = await registerMusician(app);
    const res = await addToSongs(musician, { title: '🎸 Rock 🤘', artist: 'Band 🎶' });
    expect(res.statusCode).toBe(201);
    expect(res.json<Song>().title).toBe('🎸 Rock 🤘');
  });
});
