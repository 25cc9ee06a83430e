import { and, asc, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { SONGS_PER_MUSICIAN_MAX, type SongSortKey } from '#shared/limits.ts';
import type { BatchSongUpdates, SongData } from '#shared/schemas/song.ts';
import type { Db } from '#server/db/database.ts';
import { playlistSongs, songs } from '#server/db/schema.ts';
import { audienceConditions, type AudienceSongFilters } from './audience-song-filters.ts';
import { songKey } from './song-key.ts';
import type { SongRow } from './song-mapper.ts';

/** What a write returns: the saved row, or the existing song it would have duplicated. */
export type SongWrite =
  | { row: SongRow }
  | { duplicate: { title: string; artist: string } }
  /** The musician already has SONGS_PER_MUSICIAN_MAX songs. */
  | { full: true };

const byTitle = sql`lower(${songs.title})`;
const byArtist = sql`lower(${songs.artist})`;

const ORDERINGS: Record<SongSortKey, SQL[]> = {
  created_at: [desc(songs.createdAt), asc(byTitle)],
  popularity: [desc(songs.requestCount), asc(byTitle)],
  title: [asc(byTitle), asc(byArtist)],
  artist: [asc(byArtist), asc(byTitle)],
  year: [sql`${songs.year} DESC NULLS LAST`, asc(byTitle)],
  random: [sql`random()`],
};

/** Every query is scoped to one musician: a song id alone never reaches another's song. */
export function songsRepository(db: Db) {
  const owned = (musicianId: string, songId: string) =>
    and(eq(songs.musicianId, musicianId), eq(songs.id, songId));

  return {
    async list(musicianId: string, sortBy: SongSortKey, visibleOnly = false): Promise<SongRow[]> {
      return db
        .select()
        .from(songs)
        .where(
          and(eq(songs.musicianId, musicianId), visibleOnly ? eq(songs.hidden, false) : undefined),
        )
        .orderBy(...ORDERINGS[sortBy]);
    },

    /** Inserts the song unless the musician already has it (the import rule: see songKey). */
    async insert(musicianId: string, data: SongData): Promise<SongWrite> {
      return db.transaction(async (tx) => {
        const duplicate = await lockAndFindDuplicate(tx, musicianId, data);
        if (duplicate) return { duplicate };
        // Counted under the same lock as the duplicate check, so two adds cannot both slip in.
        const [held] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(songs)
          .where(eq(songs.musicianId, musicianId));
        if ((held?.count ?? 0) >= SONGS_PER_MUSICIAN_MAX) return { full: true };
        const [row] = await tx
          .insert(songs)
          .values({ musicianId, ...data })
          .returning();
        return { row: row! };
      });
    },

    /** Updates the song unless that makes it a copy of another of the musician's songs. */
    async update(
      musicianId: string,
      songId: string,
      data: SongData,
    ): Promise<SongWrite | undefined> {
      return db.transaction(async (tx) => {
        const duplicate = await lockAndFindDuplicate(tx, musicianId, data, songId);
        if (duplicate) return { duplicate };
        const [row] = await tx
          .update(songs)
          .set({ ...data, updatedAt: new Date() })
          .where(owned(musicianId, songId))
          .returning();
        return row ? { row } : undefined;
      });
    },

    async toggleHidden(musicianId: string, songId: string): Promise<SongRow | undefined> {
      const [row] = await db
        .update(songs)
        .set({ hidden: sql`NOT ${songs.hidden}`, updatedAt: new Date() })
        .where(owned(musicianId, songId))
        .returning();
      return row;
    },

    /**
     * Visible songs matching the audience filters: a playlist's songs in its order, else the
     * whole repertoire, most requested first.
     */
    async listForAudience(musicianId: string, filters: AudienceSongFilters): Promise<SongRow[]> {
      const where = and(
        eq(songs.musicianId, musicianId),
        eq(songs.hidden, false),
        ...audienceConditions(filters),
      );
      if (!filters.playlistId) {
        return db
          .select()
          .from(songs)
          .where(where)
          .orderBy(...ORDERINGS.popularity);
      }
      return db
        .select(getTableColumns(songs))
        .from(songs)
        .innerJoin(playlistSongs, eq(playlistSongs.songId, songs.id))
        .where(and(where, eq(playlistSongs.playlistId, filters.playlistId)))
        .orderBy(asc(playlistSongs.position));
    },

    /** Genres, moods and years of the visible songs, for the audience page's filter options. */
    async visibleTags(musicianId: string) {
      return db
        .select({ genres: songs.genres, moods: songs.moods, year: songs.year })
        .from(songs)
        .where(and(eq(songs.musicianId, musicianId), eq(songs.hidden, false)))
        .orderBy(asc(songs.createdAt), asc(songs.id));
    },

    /** Sets the same fields on every listed song the musician owns; returns how many changed. */
    async updateMany(
      musicianId: string,
      songIds: string[],
      updates: BatchSongUpdates,
    ): Promise<number> {
      const rows = await db
        .update(songs)
        .set({ ...updates, updatedAt: new Date() })
        .where(and(eq(songs.musicianId, musicianId), inArray(songs.id, songIds)))
        .returning({ id: songs.id });
      return rows.length;
    },

    /** Deletes the listed songs the musician owns (one statement); returns how many went. */
    async deleteMany(musicianId: string, songIds: string[]): Promise<number> {
      const rows = await db
        .delete(songs)
        .where(and(eq(songs.musicianId, musicianId), inArray(songs.id, songIds)))
        .returning({ id: songs.id });
      return rows.length;
    },

    async delete(musicianId: string, songId: string): Promise<boolean> {
      const rows = await db
        .delete(songs)
        .where(owned(musicianId, songId))
        .returning({ id: songs.id });
      return rows.length > 0;
    },
  };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The musician's song with the same key as `data`, other than `exceptId`. Takes the same
 * per-musician lock as the imports, so two adds of one song at once cannot both get in.
 */
async function lockAndFindDuplicate(
  tx: Tx,
  musicianId: string,
  data: SongData,
  exceptId?: string,
): Promise<{ title: string; artist: string } | undefined> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${musicianId}))`);
  const existing = await tx
    .select({ id: songs.id, title: songs.title, artist: songs.artist })
    .from(songs)
    .where(eq(songs.musicianId, musicianId));
  const wanted = songKey(data.title, data.artist);
  return existing.find(
    (song) => song.id !== exceptId && songKey(song.title, song.artist) === wanted,
  );
}

export type SongsRepository = ReturnType<typeof songsRepository>;
