import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely, Transaction } from 'kysely';
import { describe, expect, it } from 'vitest';
import { fill } from '#shared/fill-message.ts';
import { SONGS_PER_MUSICIAN_MAX } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import type { CsvUploadResponse } from '#shared/schemas/song-import.ts';
import type { Song } from '#shared/schemas/song.ts';
import type { Suggestion } from '#shared/schemas/suggestion.ts';
import type { DB } from '#server/db/tables.ts';
import { songImportRepository } from '#server/features/song-import/song-import-repository.ts';
import {
  createSong,
  hideSong,
  registerMusician,
  submitSuggestion,
  uniqueEmail,
  type TestMusician,
} from '#server-test/helpers/factories.ts';
import { startTestApp, testConfig } from '#server-test/helpers/test-app.ts';
import { uploadFile } from '#server-test/features/song-import/upload.ts';

// Approving a suggestion adds a song outside any import: it must follow the import's rules
// (the musician's lock, the duplicate rule, the cap).
const { app } = await startTestApp({
  metadata: { ...testConfig().metadata, musicbrainzEnabled: false },
});

const decide = (musician: TestMusician, id: string, status: string) =>
  app.inject({
    method: 'PUT',
    url: `/api/song-suggestions/${id}/status`,
    headers: musician.auth,
    payload: { status },
  });

const suggest = (musician: TestMusician, title: string, artist = 'Band') =>
  submitSuggestion(app, musician, {
    suggested_title: title,
    suggested_artist: artist,
    requester_email: uniqueEmail('fan'),
  });

const songsOf = async (musician: TestMusician) =>
  (await app.inject({ url: '/api/songs?sort_by=title', headers: musician.auth })).json<Song[]>();

const statusOf = async (musician: TestMusician, id: string) => {
  const res = await app.inject({ url: '/api/song-suggestions', headers: musician.auth });
  return res.json<Suggestion[]>().find((suggestion) => suggestion.id === id)?.status;
};

/** `builder` (and each builder made from it) running `work` before it executes. */
function runningFirst<T extends object>(builder: T, work: () => Promise<unknown>): T {
  return new Proxy(builder, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown;
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      return (...args: unknown[]) => {
        if (String(property).startsWith('execute')) {
          return work().then(() => method.apply(target, args));
        }
        const made = method.apply(target, args);
        return typeof made === 'object' && made !== null && 'execute' in made
          ? runningFirst(made, work)
          : made;
      };
    },
  });
}

/**
 * The app's database, where every import transaction runs `work` just before it inserts (after
 * the lock and the check of the musician's songs): the moment another request adding the same
 * song would do the most harm.
 */
function dbPausingBeforeInsert(work: () => Promise<unknown>): Kysely<DB> {
  const { kysely } = app.database;
  const pausing = (trx: Transaction<DB>) =>
    new Proxy(trx, {
      get(target, property) {
        // Bound to the transaction itself: Kysely's methods read private fields.
        const value = Reflect.get(target, property, target) as unknown;
        if (typeof value !== 'function') return value;
        const method = (value as (...args: unknown[]) => unknown).bind(target);
        if (property !== 'insertInto') return method;
        return (...args: unknown[]) => runningFirst(method(...args) as object, work);
      },
    });
  return new Proxy(kysely, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown;
      if (property !== 'transaction') {
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      }
      return () => ({
        execute: <T>(run: (trx: Transaction<DB>) => Promise<T>) =>
          target.transaction().execute((trx) => run(pausing(trx))),
      });
    },
  });
}

describe('approving a suggestion while an import adds the same song', () => {
  it('waits for the import and does not add the song a second time', async () => {
    const musician = await registerMusician(app);
    const { id } = await suggest(musician, 'Tune 0');
    let approval: ReturnType<typeof decide> | undefined;
    const imports = songImportRepository(
      dbPausingBeforeInsert(async () => {
        approval = decide(musician, id, 'added');
        // Without the lock the approval would insert and commit its copy right here.
        await Promise.race([approval, sleep(400)]);
      }),
    );

    const outcome = await imports.insertNew(musician.musician.id, [
      { title: 'Tune 0', artist: 'Band', genres: [], moods: [], year: null },
    ]);
    const approved = await approval!;

    expect(outcome.inserted).toHaveLength(1);
    expect(approved.statusCode).toBe(200);
    expect(approved.json<Suggestion>().status).toBe('added');
    expect((await songsOf(musician)).map((song) => song.title)).toEqual(['Tune 0']);
  });

  it('over HTTP, a CSV upload and an approval of one of its songs end with it once', async () => {
    const musician = await registerMusician(app);
    const { id } = await suggest(musician, 'Tune 299');
    const csv = ['Title,Artist', ...Array.from({ length: 300 }, (_, i) => `Tune ${i},Band`)];
    const [upload, approved] = await Promise.all([
      uploadFile(app, musician, '/api/songs/csv/upload', 'race.csv', csv.join('\n')),
      decide(musician, id, 'added'),
    ]);
    expect(approved.statusCode).toBe(200);
    const { songs_added } = upload.json<CsvUploadResponse>();
    // Whichever came first added it; the other found it there.
    expect([299, 300]).toContain(songs_added);
    const songs = await songsOf(musician);
    expect(songs).toHaveLength(300);
    expect(songs.filter((song) => song.title === 'Tune 299')).toHaveLength(1);
  });
});

describe('approving a suggestion', () => {
  it('of a song already there marks it added without a copy', async () => {
    const musician = await registerMusician(app);
    const jolene = await createSong(app, musician, { title: 'Jolene', artist: 'Dolly Parton' });
    // Hidden, so not on the audience's list: a song they can request may not be suggested.
    await hideSong(app, musician, jolene);
    const { id } = await suggest(musician, ' JOLENE ', 'dolly parton');
    const res = await decide(musician, id, 'added');
    expect(res.statusCode).toBe(200);
    expect(res.json<Suggestion>().status).toBe('added');
    expect(await songsOf(musician)).toHaveLength(1);
  });

  it('with a full song list is refused like a single add, and changes nothing', async () => {
    const musician = await registerMusician(app);
    const songs = Array.from({ length: SONGS_PER_MUSICIAN_MAX }, (_, i) => ({
      musicianId: musician.musician.id,
      title: `Song ${i + 1}`,
      artist: 'Band',
      hidden: i + 1 === 7,
    }));
    // In slices: SQLite takes at most 32,766 values a statement.
    for (let at = 0; at < songs.length; at += 1000) {
      await app.database.kysely
        .insertInto('songs')
        .values(songs.slice(at, at + 1000))
        .execute();
    }
    const { id } = await suggest(musician, 'One Too Many');

    const res = await decide(musician, id, 'added');
    expect(res.statusCode).toBe(409);
    const max = SONGS_PER_MUSICIAN_MAX.toLocaleString('en');
    expect(res.json()).toEqual({ detail: fill(messages.songCapReached, { max }) });
    expect(await statusOf(musician, id)).toBe('pending');
    expect(await songsOf(musician)).toHaveLength(SONGS_PER_MUSICIAN_MAX);

    // A song already there takes no room: that one is simply marked added. (Song 7 is hidden:
    // a song the audience can request may not be suggested.)
    const known = await suggest(musician, 'Song 7');
    expect((await decide(musician, known.id, 'added')).json<Suggestion>().status).toBe('added');
    // Rejecting needs no room.
    expect((await decide(musician, id, 'rejected')).json<Suggestion>().status).toBe('rejected');
  });
});
