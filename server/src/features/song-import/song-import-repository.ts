import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { SONGS_PER_MUSICIAN_MAX } from '#shared/limits.ts';
import type { DB } from '#server/db/tables.ts';
import { lockUntilCommit } from '#server/db/locks.ts';
import { bumpSongsVersion } from '#server/catalogue/songs-version.ts';
import { songKey } from '#shared/song-key.ts';
import { changedSince, readHeldSongs, recordInserted, type HeldSongs } from './held-songs.ts';
import type { NewSong } from '#server/catalogue/song-importer.ts';
import { ENRICHABLE_SONG_COLUMNS, type EnrichableSong } from '#server/catalogue/enrichable-song.ts';
import { importLock } from './import-lock.ts';

/** A song an import inserted, as metadata's enrichment takes it. */
export type InsertedSong = EnrichableSong;

// On the embedded database a transaction holds the only connection: every other request waits
// for it. 200 rows insert in a few milliseconds (tens on a busy machine), so a health check or
// an audience page waits at most about that long, while a 10,000-song file still takes 50 turns.
const BATCH_ROWS = 200;

/**
 * Strings as PostgreSQL stores them: a lone UTF-16 surrogate becomes U+FFFD, as a parameter's
 * UTF-8 does; said here for the tags too, which SQLite stores as JSON (where it would stay).
 */
const wellFormed = (text: string) => text.toWellFormed();

/** One multi-row INSERT of the batch, returning what enrichment and the event need. */
async function insertRows(
  trx: Kysely<DB>,
  musicianId: string,
  rows: NewSong[],
): Promise<InsertedSong[]> {
  return trx
    .insertInto('songs')
    .values(
      rows.map(({ title, artist, genres, moods, year, notes, songwriter, duration_seconds }) => ({
        musicianId,
        title: wellFormed(title),
        artist: wellFormed(artist),
        genres: genres.map(wellFormed),
        moods: moods.map(wellFormed),
        year,
        notes: wellFormed(notes ?? ''),
        songwriter: wellFormed(songwriter ?? ''),
        durationSeconds: duration_seconds ?? null,
      })),
    )
    .returning(ENRICHABLE_SONG_COLUMNS)
    .execute();
}

interface BatchOutcome {
  inserted: InsertedSong[];
  skipped: number;
  leftOut: number;
}

export function songImportRepository(db: Kysely<DB>) {
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
    return db.transaction().execute(async (trx) => {
      // The song lock as catalogue/song-lock.ts takes it, without its read of every song.
      await lockUntilCommit(trx, musicianId);
      if (await changedSince(trx, musicianId, held)) {
        Object.assign(held, await readHeldSongs(trx, musicianId));
      }
      const fresh = batch.filter((row) => {
        const key = songKey(row.title, row.artist);
        if (held.keys.has(key) || seenInFile.has(key)) return false;
        seenInFile.add(key);
        return true;
      });
      // Up to the cap; the rest is reported as left out, never silently dropped.
      const kept = fresh.slice(0, Math.max(0, SONGS_PER_MUSICIAN_MAX - held.count));
      if (kept.length === 0) {
        return { inserted: [], skipped: batch.length - fresh.length, leftOut: fresh.length };
      }
      const inserted = await insertRows(trx, musicianId, kept);
      recordInserted(held, inserted, await bumpSongsVersion(trx, musicianId));
      return {
        inserted,
        skipped: batch.length - fresh.length,
        leftOut: fresh.length - kept.length,
      };
    });
  }

  return {
    /** Runs an import unless the musician has one running, on any process: `importLock`. */
    oneImportAtATime: importLock(db),

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
