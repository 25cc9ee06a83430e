import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { SONGS_PER_MUSICIAN_MAX } from '#shared/limits.ts';
import type { Db } from '#server/db/database.ts';
import { songs } from '#server/db/schema.ts';
import { songKey } from '#shared/song-key.ts';
import {
  changedSince,
  readHeldSongs,
  recordInserted,
  ROW_VERSION,
  type HeldSongs,
} from './held-songs.ts';
import { rowsOf } from '#server/db/rows-of.ts';
import type { NewSong } from '#server/catalogue/song-importer.ts';

export interface InsertedSong {
  id: string;
  title: string;
  artist: string;
  genres: string[];
  moods: string[];
  year: number | null;
  songwriter: string;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

// On the embedded database a transaction holds the only connection: every other request waits
// for it. 200 rows insert in a few milliseconds (tens on a busy machine), so a health check or
// an audience page waits at most about that long, while a 10,000-song file still takes 50 turns.
const BATCH_ROWS = 200;

/** Strings as PostgreSQL stores them: a lone UTF-16 surrogate becomes U+FFFD, as in a parameter. */
const wellFormed = (_key: string, value: unknown) =>
  typeof value === 'string' ? value.toWellFormed() : value;

/**
 * One multi-row INSERT whatever the batch size: the rows travel as one JSON parameter instead of
 * eight parameters each, which drizzle would build and PostgreSQL parse one by one (the larger
 * part of a batch's time). Returns each row with its ROW_VERSION for the import's fingerprint.
 */
async function insertRows(
  tx: Tx,
  musicianId: string,
  rows: NewSong[],
): Promise<Array<InsertedSong & { version: string }>> {
  const json = JSON.stringify(
    rows.map(({ title, artist, genres, moods, year, notes, songwriter }) => ({
      title,
      artist,
      genres,
      moods,
      year,
      notes: notes ?? '',
      songwriter: songwriter ?? '',
    })),
    wellFormed,
  );
  const result = await tx.execute(sql`
    INSERT INTO ${songs} (musician_id, title, artist, genres, moods, year, notes, songwriter)
    SELECT ${musicianId}::uuid, r.title, r.artist, r.genres, r.moods, r.year, r.notes, r.songwriter
    FROM json_to_recordset(${json}::json) AS r(
      title text, artist text, genres text[], moods text[], year int, notes text, songwriter text)
    RETURNING id, title, artist, genres, moods, year, songwriter, ${ROW_VERSION}::text AS version`);
  return rowsOf(result);
}

interface BatchOutcome {
  inserted: InsertedSong[];
  skipped: number;
  leftOut: number;
}

export function songImportRepository(db: Db) {
  /**
   * One batch in its own short transaction, under the musician's lock (the one single song adds
   * and other imports take): skip duplicates of the list and of earlier rows, insert up to the
   * song cap. The keys were read once for the whole import; they are read again only when
   * another request changed the musician's songs since, so nothing can slip past the rule.
   */
  async function insertBatch(
    musicianId: string,
    batch: NewSong[],
    held: HeldSongs,
    seenInFile: Set<string>,
  ): Promise<BatchOutcome> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${musicianId}))`);
      if (await changedSince(tx, musicianId, held)) {
        Object.assign(held, await readHeldSongs(tx, musicianId));
      }
      const fresh = batch.filter((row) => {
        const key = songKey(row.title, row.artist);
        if (held.keys.has(key) || seenInFile.has(key)) return false;
        seenInFile.add(key);
        return true;
      });
      // Up to the cap; the rest is reported as left out, never silently dropped.
      const kept = fresh.slice(0, Math.max(0, SONGS_PER_MUSICIAN_MAX - held.count));
      const inserted = kept.length === 0 ? [] : await insertRows(tx, musicianId, kept);
      recordInserted(held, inserted);
      return {
        inserted: inserted.map(({ version: _version, ...song }) => song),
        skipped: batch.length - fresh.length,
        leftOut: fresh.length - kept.length,
      };
    });
  }

  return {
    /** songKey of every song the musician has: what a preview counts as already there. */
    async heldKeys(musicianId: string): Promise<Set<string>> {
      return (await readHeldSongs(db, musicianId)).keys;
    },

    /**
     * Inserts the songs not already in the musician's repertoire (nor earlier in `rows`), in
     * batches of BATCH_ROWS, each its own short transaction, with a turn of the event loop
     * between them: on the embedded database a transaction holds the only connection, so one
     * long transaction would stall every other request (health checks, audience pages).
     * An import that fails midway keeps the batches already saved; sending the file again skips
     * those as duplicates and adds the rest.
     */
    async insertNew(musicianId: string, rows: NewSong[]): Promise<BatchOutcome> {
      const total: BatchOutcome = { inserted: [], skipped: 0, leftOut: 0 };
      if (rows.length === 0) return total;
      const held = await readHeldSongs(db, musicianId);
      const seenInFile = new Set<string>();
      for (let start = 0; start < rows.length; start += BATCH_ROWS) {
        await nextTurn();
        const outcome = await insertBatch(
          musicianId,
          rows.slice(start, start + BATCH_ROWS),
          held,
          seenInFile,
        );
        total.inserted.push(...outcome.inserted);
        total.skipped += outcome.skipped;
        total.leftOut += outcome.leftOut;
      }
      return total;
    },
  };
}

export type SongImportRepository = ReturnType<typeof songImportRepository>;
