import { and, asc, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { SongSortKey } from '#shared/limits.ts';
import type { BatchSongUpdates, SongData } from '#shared/schemas/song.ts';
import type { Db } from '#server/db/database.ts';
import { playlistSongs, songs } from '#server/db/schema.ts';
import {
  audienceConditions,
  type AudienceSongFilters,
} from '#server/catalogue/audience-song-filters.ts';
import { songKey } from '#shared/song-key.ts';
import {
  lockAndCheckRoom,
  lockAndFindDuplicate,
  lockAndReadSongs,
  type HeldSong,
  type SongWrite,
} from '#server/catalogue/song-lock.ts';
import type { SongRow } from '#server/catalogue/song-mapper.ts';

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
        const refused = await lockAndCheckRoom(tx, musicianId, data);
        if (refused) return refused;
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
    async visibleTags(musicianId: string, playlistId?: string) {
      const visible = and(eq(songs.musicianId, musicianId), eq(songs.hidden, false));
      const tags = { genres: songs.genres, moods: songs.moods, year: songs.year };
      if (playlistId) {
        return db
          .select(tags)
          .from(songs)
          .innerJoin(playlistSongs, eq(playlistSongs.songId, songs.id))
          .where(and(visible, eq(playlistSongs.playlistId, playlistId)));
      }
      return db
        .select(tags)
        .from(songs)
        .where(visible)
        .orderBy(asc(songs.createdAt), asc(songs.id));
    },

    /**
     * Sets the same fields on every listed song the musician owns; returns how many changed. A
     * new artist that would make songs copies of others (see songKey) changes nothing: the
     * answer is how many songs would clash.
     */
    async updateMany(
      musicianId: string,
      songIds: string[],
      updates: BatchSongUpdates,
    ): Promise<{ updated: number } | { clashes: number }> {
      return db.transaction(async (tx) => {
        if (updates.artist !== undefined) {
          const held = await lockAndReadSongs(tx, musicianId);
          const clashes = clashesAfterArtist(held, new Set(songIds), updates.artist);
          if (clashes > 0) return { clashes };
        }
        const rows = await tx
          .update(songs)
          .set({ ...updates, updatedAt: new Date() })
          .where(and(eq(songs.musicianId, musicianId), inArray(songs.id, songIds)))
          .returning({ id: songs.id });
        return { updated: rows.length };
      });
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

/**
 * How many of the `selected` songs would become a copy of another song (or of each other) once
 * they take this artist. Songs whose key the edit leaves alone are not counted: an old pair of
 * look-alikes does not block an unrelated edit.
 */
function clashesAfterArtist(held: HeldSong[], selected: Set<string>, artist: string): number {
  const after = held.map((song) => {
    const before = songKey(song.title, song.artist);
    const key = selected.has(song.id) ? songKey(song.title, artist) : before;
    return { key, moved: key !== before };
  });
  const holders = new Map<string, number>();
  for (const { key } of after) holders.set(key, (holders.get(key) ?? 0) + 1);
  return after.filter(({ key, moved }) => moved && holders.get(key)! > 1).length;
}

export type SongsRepository = ReturnType<typeof songsRepository>;
