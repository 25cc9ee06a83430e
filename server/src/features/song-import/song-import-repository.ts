import { eq, sql } from 'drizzle-orm';
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

// 1,000 rows x 8 columns stays far below PostgreSQL's 65,535 parameters per statement.
const CHUNK_SIZE = 1000;

export function songImportRepository(db: Db) {
  return {
    /**
     * Inserts the songs not already in the musician's repertoire (nor earlier in `rows`), in one
     * transaction: one query reads the existing keys, then chunked multi-row inserts.
     */
    async insertNew(
      musicianId: string,
      rows: NewSong[],
    ): Promise<{ inserted: InsertedSong[]; skipped: number }> {
      if (rows.length === 0) return { inserted: [], skipped: 0 };
      return db.transaction(async (tx) => {
        // Two imports of one musician at once would both miss each other's songs; take turns.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${musicianId}))`);
        const existing = await tx
          .select({ title: songs.title, artist: songs.artist })
          .from(songs)
          .where(eq(songs.musicianId, musicianId));
        const seen = new Set(existing.map((song) => songKey(song.title, song.artist)));
        const fresh = rows.filter((row) => {
          const key = songKey(row.title, row.artist);
          if (seen.has(key)) return false;
          seen.add(key);
          return true;
        });

        const inserted: InsertedSong[] = [];
        for (let start = 0; start < fresh.length; start += CHUNK_SIZE) {
          const chunk = fresh.slice(start, start + CHUNK_SIZE);
          inserted.push(
            ...(await tx
              .insert(songs)
              .values(chunk.map((row) => ({ musicianId, notes: '', songwriter: '', ...row })))
              .returning({
                id: songs.id,
                title: songs.title,
                artist: songs.artist,
                genres: songs.genres,
                moods: songs.moods,
                year: songs.year,
                songwriter: songs.songwriter,
              })),
          );
        }
        return { inserted, skipped: rows.length - fresh.length };
      });
    },
  };
}

export type SongImportRepository = ReturnType<typeof songImportRepository>;
