import { type Kysely, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { SongSortKey } from '#shared/limits.ts';
import type { BatchSongUpdates, SongData } from '#shared/schemas/song.ts';
import type { DB } from '#server/db/tables.ts';
import {
  audienceConditions,
  matchesTags,
  type AudienceSongFilters,
} from '#server/catalogue/audience-song-filters.ts';
import { bumpSongsVersion } from '#server/catalogue/songs-version.ts';
import { songKey } from '#shared/song-key.ts';
import {
  lockAndCheckRoom,
  lockAndFindDuplicate,
  lockAndReadSongs,
  type HeldSong,
  type SongWrite,
} from '#server/catalogue/song-lock.ts';
import type { SongRow } from '#server/catalogue/song-mapper.ts';
import { creationTime } from '#server/db/creation-clock.ts';

const byTitle = sql`lower(${sql.ref('songs.title')})`;
const byArtist = sql`lower(${sql.ref('songs.artist')})`;

const ORDERINGS: Record<SongSortKey, RawBuilder<unknown>[]> = {
  created_at: [sql`${sql.ref('songs.createdAt')} desc`, byTitle],
  popularity: [sql`${sql.ref('songs.requestCount')} desc`, byTitle],
  title: [byTitle, byArtist],
  artist: [byArtist, byTitle],
  year: [sql`${sql.ref('songs.year')} desc nulls last`, byTitle],
  random: [sql`random()`],
};

const inOrder = <O>(query: SelectQueryBuilder<DB, 'songs', O>, sortBy: SongSortKey) =>
  ORDERINGS[sortBy].reduce((ordered, by) => ordered.orderBy(by), query);

/**
 * Every query is scoped to one musician: a song id alone never reaches another's song. A write
 * that adds a song or may change a title or artist raises the musician's songs version in its
 * transaction (catalogue/songs-version.ts), for an import running alongside.
 */
/** A song's fields as its columns (the one whose name differs between the API and the table). */
const columnsOf = ({ duration_seconds, ...data }: SongData) => ({
  ...data,
  durationSeconds: duration_seconds,
});

export function songsRepository(db: Kysely<DB>) {
  const ownedSongs = (musicianId: string) =>
    db.selectFrom('songs').selectAll().where('musicianId', '=', musicianId);

  return {
    async list(musicianId: string, sortBy: SongSortKey, visibleOnly = false): Promise<SongRow[]> {
      let query = ownedSongs(musicianId);
      if (visibleOnly) query = query.where('hidden', '=', false);
      return inOrder(query, sortBy).execute();
    },

    /** Inserts the song unless the musician already has it (the import rule: see songKey). */
    async insert(musicianId: string, data: SongData): Promise<SongWrite> {
      return db.transaction().execute(async (trx) => {
        const refused = await lockAndCheckRoom(trx, musicianId, data);
        if (refused) return refused;
        const row = await trx
          .insertInto('songs')
          // "Newest first" lists songs added one after the other in that order (creation-clock.ts).
          .values({ musicianId, ...columnsOf(data), createdAt: creationTime() })
          .returningAll()
          .executeTakeFirstOrThrow();
        await bumpSongsVersion(trx, musicianId);
        return { row };
      });
    },

    /** Updates the song unless that makes it a copy of another of the musician's songs. */
    async update(
      musicianId: string,
      songId: string,
      data: SongData,
    ): Promise<SongWrite | undefined> {
      return db.transaction().execute(async (trx) => {
        const duplicate = await lockAndFindDuplicate(trx, musicianId, data, songId);
        if (duplicate) return { duplicate };
        const row = await trx
          .updateTable('songs')
          .set({ ...columnsOf(data), updatedAt: new Date() })
          .where('musicianId', '=', musicianId)
          .where('id', '=', songId)
          .returningAll()
          .executeTakeFirst();
        if (!row) return undefined;
        await bumpSongsVersion(trx, musicianId);
        return { row };
      });
    },

    async toggleHidden(musicianId: string, songId: string): Promise<SongRow | undefined> {
      return db
        .updateTable('songs')
        .set((eb) => ({ hidden: eb.not(eb.ref('hidden')), updatedAt: new Date() }))
        .where('musicianId', '=', musicianId)
        .where('id', '=', songId)
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * Visible songs matching the audience filters: a playlist's songs in its order, else the
     * whole repertoire, most requested first.
     */
    async listForAudience(musicianId: string, filters: AudienceSongFilters): Promise<SongRow[]> {
      const conditions = audienceConditions(filters);
      const visible = db
        .selectFrom('songs')
        .where('songs.musicianId', '=', musicianId)
        .where('songs.hidden', '=', false)
        .where((eb) => eb.and(conditions));
      const rows = filters.playlistId
        ? await visible
            .innerJoin('playlistSongs', 'playlistSongs.songId', 'songs.id')
            .selectAll('songs')
            .where('playlistSongs.playlistId', '=', filters.playlistId)
            .orderBy('playlistSongs.position')
            .execute()
        : await visible
            .selectAll('songs')
            .orderBy('songs.requestCount', 'desc')
            .orderBy(byTitle)
            .execute();
      return rows.filter((song) => matchesTags(song, filters));
    },

    /** Genres, moods and years of the visible songs, for the audience page's filter options. */
    async visibleTags(musicianId: string, playlistId?: string) {
      const visible = db
        .selectFrom('songs')
        .select(['songs.genres', 'songs.moods', 'songs.year'])
        .where('songs.musicianId', '=', musicianId)
        .where('songs.hidden', '=', false);
      if (playlistId) {
        return visible
          .innerJoin('playlistSongs', 'playlistSongs.songId', 'songs.id')
          .where('playlistSongs.playlistId', '=', playlistId)
          .execute();
      }
      return visible.orderBy('songs.createdAt').orderBy('songs.id').execute();
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
      return db.transaction().execute(async (trx) => {
        if (updates.artist !== undefined) {
          const held = await lockAndReadSongs(trx, musicianId);
          const clashes = clashesAfterArtist(held, new Set(songIds), updates.artist);
          if (clashes > 0) return { clashes };
        }
        const result = await trx
          .updateTable('songs')
          .set({ ...updates, updatedAt: new Date() })
          .where('musicianId', '=', musicianId)
          .where('id', 'in', songIds)
          .executeTakeFirst();
        if (updates.artist !== undefined) await bumpSongsVersion(trx, musicianId);
        return { updated: Number(result.numUpdatedRows) };
      });
    },

    /** Deletes the listed songs the musician owns (one statement); returns how many went. */
    async deleteMany(musicianId: string, songIds: string[]): Promise<number> {
      const result = await db
        .deleteFrom('songs')
        .where('musicianId', '=', musicianId)
        .where('id', 'in', songIds)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async delete(musicianId: string, songId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('songs')
        .where('musicianId', '=', musicianId)
        .where('id', '=', songId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
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
