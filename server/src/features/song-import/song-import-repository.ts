import { setImmediate as nextTurn } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { SONGS_PER_MUSICIAN_MAX } from '#shared/limits.ts';
import type { Db } from '#server/db/database.ts';
import { songs } from '#server/db/schema.ts';
import { songKey } from '../songs/song-key.ts';

/** A song ready to insert: already validated and trimmed. */
export interface NewSong {
  title: string;
  artist: string;
  genres: string[];
  moods: string[];
  year: number | null;
  notes?: string;
  /** Optional: a CSV's Songwriter column. */
  songwriter?: string;
}

interface InsertedSong {
  id: string;
  title: string;
  artist: string;
  genres: string[];
  moods: string[];
  year: number | null;
  songwriter: string;
}

// 500 rows x 8 columns stays far below PostgreSQL's 65,535 parameters per statement, and each
// batch is short enough that the event loop gets a turn between batches (see insertNew).
const CHUNK_SIZE = 500;

const RETURNED = {
  id: songs.id,
  title: songs.title,
  artist: songs.artist,
  genres: songs.genres,
  moods: songs.moods,
  year: songs.year,
  songwriter: songs.songwriter,
};

interface BatchOutcome {
  inserted: InsertedSong[];
  skipped: number;
  leftOut: number;
}

export function songImportRepository(db: Db) {
  /**
   * One batch in its own short transaction: under the musician's lock, read the keys they hold,
   * skip duplicates (of the list and of earlier rows), and insert up to the song cap.
   */
  async function insertBatch(
    musicianId: string,
    batch: NewSong[],
    seenInFile: Set<string>,
  ): Promise<BatchOutcome> {
    return db.transaction(async (tx) => {
      // Two imports of one musician at once would both miss each other's songs; take turns.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${musicianId}))`);
      const existing = await tx
        .select({ title: songs.title, artist: songs.artist })
        .from(songs)
        .where(eq(songs.musicianId, musicianId));
      const held = new Set(existing.map((song) => songKey(song.title, song.artist)));
      const fresh = batch.filter((row) => {
        const key = songKey(row.title, row.artist);
        if (held.has(key) || seenInFile.has(key)) return false;
        seenInFile.add(key);
        return true;
      });
      // Up to the cap; the rest is reported as left out, never silently dropped.
      const kept = fresh.slice(0, Math.max(0, SONGS_PER_MUSICIAN_MAX - existing.length));
      const inserted =
        kept.length === 0
          ? []
          : await tx
              .insert(songs)
              .values(kept.map((row) => ({ musicianId, notes: '', songwriter: '', ...row })))
              .returning(RETURNED);
      return {
        inserted,
        skipped: batch.length - fresh.length,
        leftOut: fresh.length - kept.length,
      };
    });
  }

  return {
    /**
     * Inserts the songs not already in the musician's repertoire (nor earlier in `rows`), in
     * batches of 500, each its own short transaction, with a turn of the event loop between
     * them: on the embedded database a transaction holds the only connection, so one long
     * transaction would stall every other request (health checks, audience pages) for seconds.
     * An import that fails midway keeps the batches already saved; sending the file again skips
     * those as duplicates and adds the rest.
     */
    async insertNew(musicianId: string, rows: NewSong[]): Promise<BatchOutcome> {
      const total: BatchOutcome = { inserted: [], skipped: 0, leftOut: 0 };
      const seenInFile = new Set<string>();
      for (let start = 0; start < rows.length; start += CHUNK_SIZE) {
        if (start > 0) await nextTurn();
        const outcome = await insertBatch(
          musicianId,
          rows.slice(start, start + CHUNK_SIZE),
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
