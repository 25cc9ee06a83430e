import { sql, type Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '#server/db/tables.ts';
import { requestQueueRepository } from '#server/features/requests/request-queue-repository.ts';
import { requestsRepository } from '#server/features/requests/requests-repository.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

// An audience request and a renumbering of the queue read one musician's rows by index, even
// after an ANALYZE that saw a young table (where PostgreSQL may judge a sequential read cheaper,
// and keep a plan that reads the whole table as it grows): counted here by PostgreSQL's own
// per-transaction scan counters, not by a clock. (PostgreSQL's planner and counters: PGlite
// and PostgreSQL only.) The repositories, handed a transaction, run their writes in it.

const { app } = await startTestApp();
const db = app.database.kysely;

interface Song {
  id: string;
  musicianId: string;
}

const SONGS_EACH = 12;
let early: Song[];
let later: Song[];

/** Files a request through the repository the audience's POST runs; answers its outcome. */
async function submit(tx: Kysely<DB>, song: Song, n: number): Promise<string | undefined> {
  const email = `fan-${n}@example.com`;
  const filed = await requestsRepository(tx).submit({
    musicianId: song.musicianId,
    songId: song.id,
    requesterName: 'Fan',
    requesterEmail: email,
    dedication: '',
    tipAmount: 0,
    deviceId: `device-${n}`,
    idempotencyKey: `index-reads-${n}`,
    statusTokenHash: `token-${n}`,
    source: 'source',
    now: new Date(),
    limits: {
      perRequester: { max: 3, windowMinutes: 60 },
      perMusicianPerMinute: 1000,
      perAddressPerMinute: 1000,
      votesPerAddress: 1000,
    },
  });
  return filed?.outcome;
}

/** This transaction's sequential and index scans of `requests` so far. */
async function scansOfRequests(tx: Kysely<DB>) {
  const { rows } = await sql<{ seq: number; idx: number }>`
    SELECT seq_scan::int AS seq, coalesce(idx_scan, 0)::int AS idx
    FROM pg_stat_xact_user_tables WHERE relname = 'requests'`.execute(tx);
  return rows[0]!;
}

beforeAll(async () => {
  await sql`
    INSERT INTO musicians (name, email, slug, password_hash)
    SELECT 'Index ' || n, 'index-' || n || '@example.invalid', 'index-reads-' || n, ''
    FROM generate_series(1, 2) n`.execute(db);
  const { rows: songs } = await sql<Song>`
    INSERT INTO songs (musician_id, title, artist)
    SELECT m.id, 'Song ' || n, 'Artist ' || n
    FROM musicians m, generate_series(1, ${SONGS_EACH}) n
    WHERE m.slug LIKE 'index-reads-%'
    ORDER BY m.slug, n
    RETURNING id, musician_id`.execute(db);
  early = songs.slice(0, SONGS_EACH);
  later = songs.slice(SONGS_EACH);
  // A young database: one musician's first requests, then the housekeeping's ANALYZE.
  for (const [n, song] of early.entries()) expect(await submit(db, song, n)).toBe('created');
  await sql`ANALYZE`.execute(db);
});

describe('an audience request, after an ANALYZE of a young table', () => {
  it('reads requests by index, never in sequence', async () => {
    const scans = await db.transaction().execute(async (tx) => {
      const before = await scansOfRequests(tx);
      // New requests, a +1 (which renumbers the queue) and the queue renumbered on its own.
      for (let n = 0; n < 4; n++) expect(await submit(tx, later[n]!, 100 + n)).toBe('created');
      expect(await submit(tx, later[0]!, 200)).toBe('merged');
      await requestQueueRepository(tx).renumber(later[0]!.musicianId);
      const after = await scansOfRequests(tx);
      // The counters see a sequential scan where the planner makes one for these statistics.
      await sql`SELECT count(*) FROM requests WHERE requester_name = 'Fan'`.execute(tx);
      const control = await scansOfRequests(tx);
      return {
        seq: after.seq - before.seq,
        idx: after.idx - before.idx,
        controlSeq: control.seq - after.seq,
      };
    });
    expect(scans.controlSeq).toBe(1);
    expect(scans.seq).toBe(0);
    expect(scans.idx).toBeGreaterThan(5);
  });
});
