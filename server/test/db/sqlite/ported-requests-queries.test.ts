/**
 * The requests' and submissions' repositories (issue 44's port to Kysely) on the app's SQLite
 * engine and schema: a request's admission reads, its filing, a +1, a retry, a status move with
 * the queue's positions, a click and a delete, through the repositories the routes call. Their
 * behaviour is tested through the routes on PGlite and PostgreSQL; this proves the same
 * statements, and the values they read, on the third engine.
 */
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '#server/db/schema-migrations/migrate-to-latest.ts';
import type { DB } from '#server/db/tables.ts';
import { requestQueueRepository } from '#server/features/requests/request-queue-repository.ts';
import type { Submission } from '#server/features/requests/request-submissions-repository.ts';
import { requestsRepository } from '#server/features/requests/requests-repository.ts';
import { musiciansRepository } from '#server/musicians/musicians-repository.ts';
import { cleanUpLater } from '#server-test/helpers/cleanup.ts';
import { tempKysely, tempSqliteFolder } from './temp-sqlite.ts';

const folder = tempSqliteFolder();
type Db = Awaited<ReturnType<typeof sqliteDb>>;

async function sqliteDb() {
  const { db } = tempKysely<DB>(folder);
  cleanUpLater(() => db.destroy());
  await migrateToLatest(db, 'sqlite');
  return db;
}

async function band(db: Db) {
  const musician = await musiciansRepository(db).insert({
    name: 'Band',
    email: 'band@example.com',
    slug: 'band',
    passwordHash: 'hash',
  });
  const songs = await db
    .insertInto('songs')
    .values(
      ['Jolene', 'Creep', 'Yellow', 'Hallelujah'].map((title) => ({
        musicianId: musician.id,
        title,
        artist: 'Artist',
      })),
    )
    .returning(['id', 'title'])
    .execute();
  return { musicianId: musician.id, songs: songs.map((song) => song.id) };
}

const BASE = Date.UTC(2026, 10, 28, 20, 0, 0);

/** A submission of `songId`, Ann's unless overridden, at BASE plus `second` seconds. */
function submission(
  musicianId: string,
  songId: string,
  second: number,
  overrides: Partial<Submission> = {},
): Submission {
  return {
    musicianId,
    songId,
    requesterName: 'Ann',
    requesterEmail: 'ann@example.com',
    dedication: '',
    tipAmount: 0,
    deviceId: '',
    idempotencyKey: null,
    statusTokenHash: `token-${second}-${overrides.requesterEmail ?? 'ann'}`,
    source: 'source',
    now: new Date(BASE + second * 1000),
    limits: {
      perRequester: { max: 3, windowMinutes: 10 },
      perMusicianPerMinute: 100,
      perAddressPerMinute: 100,
      votesPerAddress: 30,
    },
    ...overrides,
  };
}

describe('the ported requests queries on SQLite', () => {
  it('files a request, refuses one over a limit, merges a +1 and answers a retry as filed', async () => {
    const db = await sqliteDb();
    const { musicianId, songs } = await band(db);
    const requests = requestsRepository(db);

    expect(await requests.songsOfOwnerOf(songs[0]!)).toEqual({
      musicianId,
      songIds: expect.arrayContaining(songs),
    });
    expect(await requests.songsOfOwnerOf(crypto.randomUUID())).toBeUndefined();

    const created = await requests.submit(
      submission(musicianId, songs[0]!, 0, { idempotencyKey: 'first-key', tipAmount: 5 }),
    );
    expect(created).toMatchObject({ outcome: 'created', musicianId, moved: [] });
    if (created?.outcome !== 'created') return;
    expect(created.request).toMatchObject({
      song_title: 'Jolene',
      status: 'pending',
      tip_amount: 5,
      tip_clicked: false,
      votes: 1,
      queue_position: 1,
      created_at: new Date(BASE).toISOString(),
    });
    // Read back as the devices see it: the same request.
    expect(await requests.findById(created.requestId)).toEqual(created.request);

    // Ann's own song again: hers, unchanged; two more, then her limit (3 in 10 minutes).
    expect(await requests.submit(submission(musicianId, songs[0]!, 1))).toEqual({
      outcome: 'already',
      musicianId,
      requestId: created.requestId,
    });
    for (const [i, song] of [songs[1]!, songs[2]!].entries()) {
      expect((await requests.submit(submission(musicianId, song, 2 + i)))?.outcome).toBe('created');
    }
    const refused = await requests.submit(submission(musicianId, songs[3]!, 60));
    // The oldest of her three (at 0 s) leaves the window at 600 s: 540 s from 60 s.
    expect(refused).toEqual({ outcome: 'requester_limit', waitSeconds: 540 });

    // Ben joins Ann's Jolene: a +1 with his tip, read back with everyone's names.
    const merged = await requests.submit(
      submission(musicianId, songs[0]!, 70, {
        requesterName: 'Ben',
        requesterEmail: 'ben@example.com',
        dedication: 'For Ann',
        tipAmount: 2.5,
        idempotencyKey: 'ben-key',
      }),
    );
    expect(merged).toMatchObject({ outcome: 'merged', requestId: created.requestId });
    if (merged?.outcome !== 'merged') return;
    expect(merged.request).toMatchObject({ votes: 2, tip_amount: 7.5 });
    expect(merged.request?.voters).toEqual([
      {
        requester_name: 'Ben',
        dedication: 'For Ann',
        tip_amount: 2.5,
        created_at: new Date(BASE + 70_000).toISOString(),
      },
    ]);

    // A retry of either key is a replay, answered with what the key filed first.
    const retry = submission(musicianId, songs[0]!, 80, { idempotencyKey: 'first-key' });
    expect(await requests.submit(retry)).toEqual({ outcome: 'replay' });
    expect(await requests.firstSubmission(musicianId, 'first-key')).toEqual({
      kind: 'request',
      requestId: created.requestId,
      fields: {
        song_id: songs[0],
        requester_name: 'Ann',
        requester_email: 'ann@example.com',
        dedication: '',
        // Hers, without what Ben's +1 added.
        tip_amount: 5,
      },
    });
    expect(await requests.firstSubmission(musicianId, 'ben-key')).toMatchObject({
      kind: 'voter',
      requestId: created.requestId,
      fields: { requester_name: 'Ben', tip_amount: 2.5 },
    });
    expect(await requests.firstSubmission(musicianId, 'unknown-key')).toBeUndefined();

    // The musician's budget a minute, one: Ben's +1 at 70 s (a +1 counts) holds it until 130 s.
    const limits = {
      perRequester: { max: 10, windowMinutes: 10 },
      perMusicianPerMinute: 1,
      perAddressPerMinute: 100,
      votesPerAddress: 30,
    };
    const cat = { requesterEmail: 'cat@example.com', limits };
    expect(await requests.submit(submission(musicianId, songs[3]!, 90, cat))).toEqual({
      outcome: 'musician_limit',
      waitSeconds: 40,
    });
  });

  it('moves a status with the positions, takes a click once, pages history and deletes', async () => {
    const db = await sqliteDb();
    const { musicianId, songs } = await band(db);
    const requests = requestsRepository(db);
    const queue = requestQueueRepository(db);
    const ids: string[] = [];
    for (const [i, song] of songs.slice(0, 3).entries()) {
      const email = `fan${i}@example.com`;
      const filed = await requests.submit(
        submission(musicianId, song, i, { requesterEmail: email }),
      );
      if (filed?.outcome !== 'created') throw new Error(`not filed: ${filed?.outcome}`);
      ids.push(filed.requestId);
    }
    const [first, second, third] = ids as [string, string, string];
    const positions = async () =>
      Object.fromEntries(
        (await requests.listForMusician(musicianId)).map((r) => [r.id, r.queue_position]),
      );
    expect(await positions()).toEqual({ [first]: 1, [second]: 2, [third]: 3 });

    // The second to Up Next: first of its column; the waiting column closes up.
    const at = new Date();
    expect(await requests.moveStatus(musicianId, second, ['pending'], 'up_next', at)).toBe(true);
    expect(await requests.moveStatus(musicianId, second, ['pending'], 'played', at)).toBe(false);
    expect((await queue.renumber(musicianId)).sort()).toEqual([second, third].sort());
    expect(await positions()).toEqual({ [first]: 1, [second]: 1, [third]: 2 });

    // Played, then undone: back to Up Next, at its place.
    expect(await requests.moveStatus(musicianId, second, ['up_next'], 'played', at)).toBe(true);
    expect(await requests.previousStatus(musicianId, second)).toBe('up_next');
    const since = new Date(at.getTime() - 1000);
    expect(await requests.undoMove(musicianId, second, 'up_next', new Date(), since)).toBe(true);
    expect((await requests.findById(second))?.status).toBe('up_next');

    // A social tap counts once.
    expect(await requests.addClick(musicianId, first, 'social', 'instagram')).toBe(true);
    expect(await requests.addClick(musicianId, first, 'social', 'instagram')).toBe(false);
    expect(await requests.addClick(musicianId, first, 'tip', 'venmo')).toBe(true);
    expect(await requests.findById(first)).toMatchObject({
      social_clicks: ['instagram'],
      tip_clicked: true,
    });

    // History, newest first, one page at a time.
    const set = await requests.workingSet(musicianId, 1, 1);
    expect(set.requests.map((r) => r.id)).toEqual([third, second, first]);
    expect(set.older).toEqual({ createdAt: expect.stringMatching(/\.\d{6}Z$/), id: third });
    const older = await requests.olderThan(musicianId, set.older!, 1);
    expect(older.requests.map((r) => r.id)).toEqual([second]);
    const last = await requests.olderThan(musicianId, older.older!, 5);
    expect(last).toEqual({ requests: [expect.objectContaining({ id: first })], older: null });

    // The first deleted: gone, and the waiting column closes up behind it.
    expect(await requests.delete(musicianId, first)).toBe(true);
    expect(await requests.delete(musicianId, first)).toBe(false);
    expect(await requests.findById(first)).toBeUndefined();
    expect(await queue.renumber(musicianId)).toEqual([third]);
    expect(await positions()).toEqual({ [second]: 1, [third]: 1 });
  });
});
