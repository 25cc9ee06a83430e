import { and, asc, desc, eq, getTableColumns, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { preparedStatement } from '#server/db/prepared-statement.ts';
import { rowsOf } from '#server/db/rows-of.ts';
import { playlists, playlistSongs, songs } from '#server/db/schema.ts';
import type { SongRow } from '#server/catalogue/song-mapper.ts';
import { songRequestable } from '#server/submissions/song-requestable.ts';

export type PlaylistRow = typeof playlists.$inferSelect;

/** A playlist row with its song ids in playlist order. */
export interface PlaylistRecord {
  row: PlaylistRow;
  songIds: string[];
}

/** A write that checks both the playlist and the songs: done, or why not. */
export type PlaylistWrite =
  { kind: 'done'; record: PlaylistRecord } | { kind: 'missing' } | { kind: 'foreign_songs' };

/**
 * Every query is scoped to one musician. Writes that touch several rows run in one transaction
 * and lock what they read, so two devices of one musician cannot interleave them.
 */
export function playlistsRepository(db: Db) {
  // Asked before every audience suggestion, so built once: what the rule (song-requestable.ts,
  // which a request's admission asks too) reads of the song.
  const requestableStatement = preparedStatement(
    db,
    'playlists_song_requestable',
    sql`
      SELECT EXISTS (SELECT 1 FROM playlists a
          WHERE a.musician_id = s.musician_id AND a.is_active AND a.is_public) AS public_set_playing,
        EXISTS (SELECT 1 FROM playlist_songs ps JOIN playlists p ON p.id = ps.playlist_id
          WHERE ps.song_id = s.id AND p.is_public) AS in_public_set
      FROM songs s WHERE s.id = ${sql.placeholder('songId')}`,
  );
  const owned = (musicianId: string, playlistId: string) =>
    and(eq(playlists.musicianId, musicianId), eq(playlists.id, playlistId));

  async function songIdsOf(tx: Db, playlistIds: string[]): Promise<Map<string, string[]>> {
    const byPlaylist = new Map(playlistIds.map((id) => [id, [] as string[]]));
    if (playlistIds.length === 0) return byPlaylist;
    const rows = await tx
      .select({ playlistId: playlistSongs.playlistId, songId: playlistSongs.songId })
      .from(playlistSongs)
      .where(inArray(playlistSongs.playlistId, playlistIds))
      .orderBy(asc(playlistSongs.playlistId), asc(playlistSongs.position));
    for (const row of rows) byPlaylist.get(row.playlistId)?.push(row.songId);
    return byPlaylist;
  }

  async function record(tx: Db, row: PlaylistRow): Promise<PlaylistRecord> {
    return { row, songIds: (await songIdsOf(tx, [row.id])).get(row.id) ?? [] };
  }

  /** Locks the playlist row for the rest of the transaction; undefined if not the musician's. */
  async function lockOwned(tx: Db, musicianId: string, playlistId: string) {
    const [row] = await tx
      .select()
      .from(playlists)
      .where(owned(musicianId, playlistId))
      .for('update');
    return row;
  }

  /**
   * True if the musician owns every song. The key-share lock keeps them from being deleted
   * before the transaction commits (the insert would otherwise hit a missing song).
   */
  async function ownsAll(tx: Db, musicianId: string, songIds: string[]): Promise<boolean> {
    if (songIds.length === 0) return true;
    const rows = await tx
      .select({ id: songs.id })
      .from(songs)
      .where(and(eq(songs.musicianId, musicianId), inArray(songs.id, songIds)))
      .for('key share');
    return rows.length === songIds.length;
  }

  async function insertSongs(tx: Db, playlistId: string, songIds: string[], firstPosition = 0) {
    if (songIds.length === 0) return;
    await tx
      .insert(playlistSongs)
      .values(
        songIds.map((songId, index) => ({ playlistId, songId, position: firstPosition + index })),
      );
  }

  return {
    /** The musician owning a playlist, to tell "not yours" (403) from "no such" (404). */
    async ownerOf(playlistId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ musicianId: playlists.musicianId })
        .from(playlists)
        .where(eq(playlists.id, playlistId));
      return row?.musicianId;
    },

    async list(musicianId: string): Promise<PlaylistRecord[]> {
      const rows = await db
        .select()
        .from(playlists)
        .where(eq(playlists.musicianId, musicianId))
        .orderBy(asc(playlists.createdAt), asc(playlists.id));
      const ids = await songIdsOf(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => ({ row, songIds: ids.get(row.id) ?? [] }));
    },

    async find(musicianId: string, playlistId: string): Promise<PlaylistRecord | undefined> {
      const [row] = await db.select().from(playlists).where(owned(musicianId, playlistId));
      return row && record(db, row);
    },

    /** The playlist's songs, hidden ones included, in playlist order. */
    async songs(musicianId: string, playlistId: string): Promise<SongRow[]> {
      return db
        .select(getTableColumns(songs))
        .from(playlistSongs)
        .innerJoin(songs, eq(songs.id, playlistSongs.songId))
        .where(and(eq(playlistSongs.playlistId, playlistId), eq(songs.musicianId, musicianId)))
        .orderBy(asc(playlistSongs.position));
    },

    async create(musicianId: string, name: string, songIds: string[]): Promise<PlaylistWrite> {
      return db.transaction(async (tx) => {
        if (!(await ownsAll(tx, musicianId, songIds))) return { kind: 'foreign_songs' };
        const [row] = await tx.insert(playlists).values({ musicianId, name }).returning();
        await insertSongs(tx, row!.id, songIds);
        return { kind: 'done', record: { row: row!, songIds } };
      });
    },

    /** Replaces the whole ordered list. */
    async replaceSongs(
      musicianId: string,
      playlistId: string,
      songIds: string[],
    ): Promise<PlaylistWrite> {
      return db.transaction(async (tx) => {
        const row = await lockOwned(tx, musicianId, playlistId);
        if (!row) return { kind: 'missing' };
        if (!(await ownsAll(tx, musicianId, songIds))) return { kind: 'foreign_songs' };
        await tx.delete(playlistSongs).where(eq(playlistSongs.playlistId, playlistId));
        await insertSongs(tx, playlistId, songIds);
        const [updated] = await tx
          .update(playlists)
          .set({ updatedAt: new Date() })
          .where(eq(playlists.id, playlistId))
          .returning();
        return { kind: 'done', record: { row: updated!, songIds } };
      });
    },

    /** Adds songs after the last one, skipping those already in, in the order given. */
    async appendSongs(
      musicianId: string,
      playlistId: string,
      songIds: string[],
    ): Promise<PlaylistWrite> {
      return db.transaction(async (tx) => {
        const row = await lockOwned(tx, musicianId, playlistId);
        if (!row) return { kind: 'missing' };
        if (!(await ownsAll(tx, musicianId, songIds))) return { kind: 'foreign_songs' };
        const current = (await songIdsOf(tx, [playlistId])).get(playlistId) ?? [];
        const [last] = await tx
          .select({ position: playlistSongs.position })
          .from(playlistSongs)
          .where(eq(playlistSongs.playlistId, playlistId))
          .orderBy(desc(playlistSongs.position))
          .limit(1);
        const already = new Set(current);
        const added = songIds.filter((id) => !already.has(id));
        await insertSongs(tx, playlistId, added, (last?.position ?? -1) + 1);
        const [updated] = await tx
          .update(playlists)
          .set({ updatedAt: new Date() })
          .where(eq(playlists.id, playlistId))
          .returning();
        return { kind: 'done', record: { row: updated!, songIds: [...current, ...added] } };
      });
    },

    async rename(
      musicianId: string,
      playlistId: string,
      name: string,
    ): Promise<PlaylistRecord | undefined> {
      const [row] = await db
        .update(playlists)
        .set({ name, updatedAt: new Date() })
        .where(owned(musicianId, playlistId))
        .returning();
      return row && record(db, row);
    },

    /**
     * Makes one playlist the active one (and public: the audience sees it), clearing any other;
     * null clears them all. Locking all the musician's playlists first serialises concurrent
     * activations, so the one-active index never sees two at once. They are locked in id order:
     * in whatever order a scan met them, two activations could each hold a row the other waits
     * for, and PostgreSQL ended one of them as a deadlock after a second (a 500).
     */
    async activate(
      musicianId: string,
      playlistId: string | null,
    ): Promise<PlaylistRecord | 'missing' | null> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: playlists.id })
          .from(playlists)
          .where(eq(playlists.musicianId, musicianId))
          .orderBy(playlists.id)
          .for('update');
        if (playlistId && !rows.some((row) => row.id === playlistId)) return 'missing';
        const now = new Date();
        await tx
          .update(playlists)
          .set({ isActive: false, updatedAt: now })
          .where(
            and(
              eq(playlists.musicianId, musicianId),
              eq(playlists.isActive, true),
              playlistId ? ne(playlists.id, playlistId) : undefined,
            ),
          );
        if (!playlistId) return null;
        const [row] = await tx
          .update(playlists)
          .set({ isActive: true, isPublic: true, updatedAt: now })
          .where(eq(playlists.id, playlistId))
          .returning();
        return record(tx, row!);
      });
    },

    /** Going private also clears the active flag; reports whether it did. */
    async setVisibility(
      musicianId: string,
      playlistId: string,
      isPublic: boolean,
    ): Promise<{ record: PlaylistRecord; activeCleared: boolean } | undefined> {
      return db.transaction(async (tx) => {
        const before = await lockOwned(tx, musicianId, playlistId);
        if (!before) return undefined;
        const [row] = await tx
          .update(playlists)
          .set({ isPublic, isActive: isPublic && before.isActive, updatedAt: new Date() })
          .where(eq(playlists.id, playlistId))
          .returning();
        return { record: await record(tx, row!), activeCleared: before.isActive && !isPublic };
      });
    },

    /** One statement: the row goes, and with it the active flag it carried. */
    async delete(
      musicianId: string,
      playlistId: string,
    ): Promise<{ wasActive: boolean } | undefined> {
      const [row] = await db
        .delete(playlists)
        .where(owned(musicianId, playlistId))
        .returning({ isActive: playlists.isActive });
      return row && { wasActive: row.isActive };
    },

    /** Public playlists for the audience; song_count counts the songs the audience can see. */
    async listPublic(musicianId: string) {
      return db
        .select({
          id: playlists.id,
          name: playlists.name,
          isActive: playlists.isActive,
          songCount: sql<number>`count(${songs.id})::int`,
        })
        .from(playlists)
        .leftJoin(playlistSongs, eq(playlistSongs.playlistId, playlists.id))
        .leftJoin(songs, and(eq(songs.id, playlistSongs.songId), eq(songs.hidden, false)))
        .where(and(eq(playlists.musicianId, musicianId), eq(playlists.isPublic, true)))
        .groupBy(playlists.id)
        .orderBy(asc(playlists.createdAt), asc(playlists.id));
    },

    /** The playlist the audience page shows by default, if any (active implies public). */
    async findActiveId(musicianId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ id: playlists.id })
        .from(playlists)
        .where(
          and(
            eq(playlists.musicianId, musicianId),
            eq(playlists.isActive, true),
            eq(playlists.isPublic, true),
          ),
        );
      return row?.id;
    },

    /**
     * Whether the audience may request the song: any song while no playlist is active; with one
     * active, only the songs of the musician's public playlists (the active one is public). An
     * unknown song is requestable here: the submission's own admission answers it.
     */
    async isRequestable(songId: string): Promise<boolean> {
      const [row] = rowsOf<{ public_set_playing: boolean; in_public_set: boolean }>(
        await requestableStatement({ songId }),
      );
      if (!row) return true;
      return songRequestable({
        publicSetPlaying: row.public_set_playing,
        inPublicSet: row.in_public_set,
      });
    },

    async isPublic(musicianId: string, playlistId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: playlists.id })
        .from(playlists)
        .where(and(owned(musicianId, playlistId), eq(playlists.isPublic, true)));
      return Boolean(row);
    },
  };
}

export type PlaylistsRepository = ReturnType<typeof playlistsRepository>;
