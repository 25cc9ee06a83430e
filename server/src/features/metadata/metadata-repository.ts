import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { songs } from '#server/db/schema.ts';

export interface SongToEnrich {
  id: string;
  title: string;
  artist: string;
  genres: string[];
  moods: string[];
  year: number | null;
  songwriter: string;
}

export interface MetadataPatch {
  id: string;
  genres: string[];
  moods: string[];
  year: number | null;
  songwriter: string;
}

const CHUNK_SIZE = 1000;

/** Reads and fills song metadata; every statement is scoped to one musician. */
export function metadataRepository(db: Db) {
  return {
    /**
     * The musician's songs missing a genre, a mood or a year, or with `withoutSongwriter` a
     * songwriter (optionally only `songIds`).
     */
    async listIncomplete(
      musicianId: string,
      songIds?: string[],
      withoutSongwriter = false,
    ): Promise<SongToEnrich[]> {
      if (songIds?.length === 0) return [];
      return db
        .select({
          id: songs.id,
          title: songs.title,
          artist: songs.artist,
          genres: songs.genres,
          moods: songs.moods,
          year: songs.year,
          songwriter: songs.songwriter,
        })
        .from(songs)
        .where(
          and(
            eq(songs.musicianId, musicianId),
            songIds ? inArray(songs.id, songIds) : undefined,
            or(
              sql`cardinality(${songs.genres}) = 0`,
              sql`cardinality(${songs.moods}) = 0`,
              isNull(songs.year),
              withoutSongwriter ? eq(songs.songwriter, '') : undefined,
            ),
          ),
        )
        .orderBy(songs.createdAt, songs.id);
    },

    /**
     * Fills only what is still empty, in one statement per chunk: a musician's own edit made
     * while the lookups ran is never overwritten.
     */
    async fillMissing(musicianId: string, patches: MetadataPatch[]): Promise<number> {
      let updated = 0;
      for (let start = 0; start < patches.length; start += CHUNK_SIZE) {
        const chunk = JSON.stringify(patches.slice(start, start + CHUNK_SIZE));
        const result = await db.execute(sql`
          update ${songs} as s set
            genres = case when cardinality(s.genres) = 0 then v.genres else s.genres end,
            moods = case when cardinality(s.moods) = 0 then v.moods else s.moods end,
            year = coalesce(s.year, v.year),
            songwriter = case when s.songwriter = '' then v.songwriter else s.songwriter end,
            updated_at = now()
          from jsonb_to_recordset(${chunk}::jsonb)
            as v(id uuid, genres text[], moods text[], year int, songwriter text)
          where s.id = v.id and s.musician_id = ${musicianId}
          returning s.id`);
        updated += (result as unknown as { rows: unknown[] }).rows.length;
      }
      return updated;
    },
  };
}

export type MetadataRepository = ReturnType<typeof metadataRepository>;
