import type { Kysely, Transaction } from 'kysely';
import { compiledOnce } from '#server/db/statement-once.ts';
import { lockingRows } from '#server/db/locks.ts';
import type { DB, Playlist } from '#server/db/tables.ts';
import type { SongRow } from '#server/catalogue/song-mapper.ts';
import { songRequestable } from '#server/submissions/song-requestable.ts';
import { creationTime } from '#server/db/creation-clock.ts';

export type PlaylistRow = Playlist;

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
 * and lock what they read (db/locks.ts), so two devices of one musician cannot interleave
 * them.
 */
export function playlistsRepository(db: Kysely<DB>) {
  // Asked before every audience suggestion, so compiled once: what the rule
  // (song-requestable.ts, which a request's admission asks too) reads of the song.
  const requestableStatement = compiledOnce(db, (values: { songId: string }) =>
    db
      .selectFrom('songs as s')
      .select((eb) => [
        eb
          .exists(
            eb
              .selectFrom('playlists as a')
              .select('a.id')
              .whereRef('a.musicianId', '=', 's.musicianId')
              .where('a.isActive', '=', true)
              .where('a.isPublic', '=', true),
          )
          .as('publicSetPlaying'),
        eb
          .exists(
            eb
              .selectFrom('playlistSongs as ps')
              .innerJoin('playlists as p', 'p.id', 'ps.playlistId')
              .select('ps.songId')
              .whereRef('ps.songId', '=', 's.id')
              .where('p.isPublic', '=', true),
          )
          .as('inPublicSet'),
      ])
      .where('s.id', '=', values.songId),
  );

  const owned = (query: Kysely<DB>, musicianId: string, playlistId: string) =>
    query
      .selectFrom('playlists')
      .selectAll()
      .where('musicianId', '=', musicianId)
      .where('id', '=', playlistId);

  async function songIdsOf(query: Kysely<DB>, playlistIds: string[]) {
    const byPlaylist = new Map(playlistIds.map((id) => [id, [] as string[]]));
    if (playlistIds.length === 0) return byPlaylist;
    const rows = await query
      .selectFrom('playlistSongs')
      .select(['playlistId', 'songId'])
      .where('playlistId', 'in', playlistIds)
      .orderBy('playlistId')
      .orderBy('position')
      .execute();
    for (const row of rows) byPlaylist.get(row.playlistId)?.push(row.songId);
    return byPlaylist;
  }

  async function record(query: Kysely<DB>, row: PlaylistRow): Promise<PlaylistRecord> {
    return { row, songIds: (await songIdsOf(query, [row.id])).get(row.id) ?? [] };
  }

  /** Locks the playlist row for the rest of the transaction; undefined if not the musician's. */
  function lockOwned(trx: Transaction<DB>, musicianId: string, playlistId: string) {
    return lockingRows(trx, owned(trx, musicianId, playlistId), 'update').executeTakeFirst();
  }

  /**
   * True if the musician owns every song. The key-share lock keeps them from being deleted
   * before the transaction commits (the insert would otherwise hit a missing song).
   */
  async function ownsAll(trx: Transaction<DB>, musicianId: string, songIds: string[]) {
    if (songIds.length === 0) return true;
    const query = trx
      .selectFrom('songs')
      .select('id')
      .where('musicianId', '=', musicianId)
      .where('id', 'in', songIds);
    const rows = await lockingRows(trx, query, 'key share').execute();
    return rows.length === songIds.length;
  }

  async function insertSongs(
    trx: Transaction<DB>,
    playlistId: string,
    songIds: string[],
    firstPosition = 0,
  ) {
    if (songIds.length === 0) return;
    await trx
      .insertInto('playlistSongs')
      .values(
        songIds.map((songId, index) => ({ playlistId, songId, position: firstPosition + index })),
      )
      .execute();
  }

  /** Marks the playlist changed now; its row as it then is. */
  function touch(trx: Transaction<DB>, playlistId: string) {
    return trx
      .updateTable('playlists')
      .set({ updatedAt: new Date() })
      .where('id', '=', playlistId)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  return {
    /** The musician owning a playlist, to tell "not yours" (403) from "no such" (404). */
    async ownerOf(playlistId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('playlists')
        .select('musicianId')
        .where('id', '=', playlistId)
        .executeTakeFirst();
      return row?.musicianId;
    },

    async list(musicianId: string): Promise<PlaylistRecord[]> {
      const rows = await db
        .selectFrom('playlists')
        .selectAll()
        .where('musicianId', '=', musicianId)
        .orderBy('createdAt')
        .orderBy('id')
        .execute();
      const ids = await songIdsOf(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => ({ row, songIds: ids.get(row.id) ?? [] }));
    },

    async find(musicianId: string, playlistId: string): Promise<PlaylistRecord | undefined> {
      const row = await owned(db, musicianId, playlistId).executeTakeFirst();
      return row && record(db, row);
    },

    /** The playlist's songs, hidden ones included, in playlist order. */
    async songs(musicianId: string, playlistId: string): Promise<SongRow[]> {
      return db
        .selectFrom('playlistSongs')
        .innerJoin('songs', 'songs.id', 'playlistSongs.songId')
        .selectAll('songs')
        .where('playlistSongs.playlistId', '=', playlistId)
        .where('songs.musicianId', '=', musicianId)
        .orderBy('playlistSongs.position')
        .execute();
    },

    async create(musicianId: string, name: string, songIds: string[]): Promise<PlaylistWrite> {
      return db.transaction().execute(async (trx) => {
        if (!(await ownsAll(trx, musicianId, songIds))) return { kind: 'foreign_songs' };
        const row = await trx
          .insertInto('playlists')
          .values({ musicianId, name, createdAt: creationTime() })
          .returningAll()
          .executeTakeFirstOrThrow();
        await insertSongs(trx, row.id, songIds);
        return { kind: 'done', record: { row, songIds } };
      });
    },

    /** Replaces the whole ordered list. */
    async replaceSongs(
      musicianId: string,
      playlistId: string,
      songIds: string[],
    ): Promise<PlaylistWrite> {
      return db.transaction().execute(async (trx) => {
        if (!(await lockOwned(trx, musicianId, playlistId))) return { kind: 'missing' };
        if (!(await ownsAll(trx, musicianId, songIds))) return { kind: 'foreign_songs' };
        await trx.deleteFrom('playlistSongs').where('playlistId', '=', playlistId).execute();
        await insertSongs(trx, playlistId, songIds);
        return { kind: 'done', record: { row: await touch(trx, playlistId), songIds } };
      });
    },

    /** Adds songs after the last one, skipping those already in, in the order given. */
    async appendSongs(
      musicianId: string,
      playlistId: string,
      songIds: string[],
    ): Promise<PlaylistWrite> {
      return db.transaction().execute(async (trx) => {
        if (!(await lockOwned(trx, musicianId, playlistId))) return { kind: 'missing' };
        if (!(await ownsAll(trx, musicianId, songIds))) return { kind: 'foreign_songs' };
        const current = (await songIdsOf(trx, [playlistId])).get(playlistId) ?? [];
        const last = await trx
          .selectFrom('playlistSongs')
          .select('position')
          .where('playlistId', '=', playlistId)
          .orderBy('position', 'desc')
          .limit(1)
          .executeTakeFirst();
        const already = new Set(current);
        const added = songIds.filter((id) => !already.has(id));
        await insertSongs(trx, playlistId, added, (last?.position ?? -1) + 1);
        const row = await touch(trx, playlistId);
        return { kind: 'done', record: { row, songIds: [...current, ...added] } };
      });
    },

    async rename(
      musicianId: string,
      playlistId: string,
      name: string,
    ): Promise<PlaylistRecord | undefined> {
      const row = await db
        .updateTable('playlists')
        .set({ name, updatedAt: new Date() })
        .where('musicianId', '=', musicianId)
        .where('id', '=', playlistId)
        .returningAll()
        .executeTakeFirst();
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
      return db.transaction().execute(async (trx) => {
        const all = trx
          .selectFrom('playlists')
          .select('id')
          .where('musicianId', '=', musicianId)
          .orderBy('id');
        const rows = await lockingRows(trx, all, 'update').execute();
        if (playlistId && !rows.some((row) => row.id === playlistId)) return 'missing';
        const now = new Date();
        let others = trx
          .updateTable('playlists')
          .set({ isActive: false, updatedAt: now })
          .where('musicianId', '=', musicianId)
          .where('isActive', '=', true);
        if (playlistId) others = others.where('id', '<>', playlistId);
        await others.execute();
        if (!playlistId) return null;
        const row = await trx
          .updateTable('playlists')
          .set({ isActive: true, isPublic: true, updatedAt: now })
          .where('id', '=', playlistId)
          .returningAll()
          .executeTakeFirstOrThrow();
        return record(trx, row);
      });
    },

    /** Going private also clears the active flag; reports whether it did. */
    async setVisibility(
      musicianId: string,
      playlistId: string,
      isPublic: boolean,
    ): Promise<{ record: PlaylistRecord; activeCleared: boolean } | undefined> {
      return db.transaction().execute(async (trx) => {
        const before = await lockOwned(trx, musicianId, playlistId);
        if (!before) return undefined;
        const row = await trx
          .updateTable('playlists')
          .set({ isPublic, isActive: isPublic && before.isActive, updatedAt: new Date() })
          .where('id', '=', playlistId)
          .returningAll()
          .executeTakeFirstOrThrow();
        return { record: await record(trx, row), activeCleared: before.isActive && !isPublic };
      });
    },

    /** One statement: the row goes, and with it the active flag it carried. */
    async delete(
      musicianId: string,
      playlistId: string,
    ): Promise<{ wasActive: boolean } | undefined> {
      const row = await db
        .deleteFrom('playlists')
        .where('musicianId', '=', musicianId)
        .where('id', '=', playlistId)
        .returning('isActive')
        .executeTakeFirst();
      return row && { wasActive: row.isActive };
    },

    /** Public playlists for the audience; song_count counts the songs the audience can see. */
    async listPublic(musicianId: string) {
      const rows = await db
        .selectFrom('playlists as p')
        .leftJoin('playlistSongs as ps', 'ps.playlistId', 'p.id')
        .leftJoin('songs as s', (join) =>
          join.onRef('s.id', '=', 'ps.songId').on('s.hidden', '=', false),
        )
        .select((eb) => ['p.id', 'p.name', 'p.isActive', eb.fn.count('s.id').as('songCount')])
        .where('p.musicianId', '=', musicianId)
        .where('p.isPublic', '=', true)
        .groupBy(['p.id', 'p.name', 'p.isActive', 'p.createdAt'])
        .orderBy('p.createdAt')
        .orderBy('p.id')
        .execute();
      // count(*) is a string on PostgreSQL, a number on SQLite.
      return rows.map((row) => ({ ...row, songCount: Number(row.songCount) }));
    },

    /** The playlist the audience page shows by default, if any (active implies public). */
    async findActiveId(musicianId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('playlists')
        .select('id')
        .where('musicianId', '=', musicianId)
        .where('isActive', '=', true)
        .where('isPublic', '=', true)
        .executeTakeFirst();
      return row?.id;
    },

    /**
     * Whether the audience may request the song: any song while no playlist is active; with one
     * active, only the songs of the musician's public playlists (the active one is public). An
     * unknown song is requestable here: the submission's own admission answers it.
     */
    async isRequestable(songId: string): Promise<boolean> {
      const [row] = await requestableStatement({ songId });
      if (!row) return true;
      // exists() is a boolean on PostgreSQL, 0 or 1 on SQLite.
      return songRequestable({
        publicSetPlaying: Boolean(row.publicSetPlaying),
        inPublicSet: Boolean(row.inPublicSet),
      });
    },

    async isPublic(musicianId: string, playlistId: string): Promise<boolean> {
      const row = await owned(db, musicianId, playlistId)
        .where('isPublic', '=', true)
        .executeTakeFirst();
      return Boolean(row);
    },
  };
}

export type PlaylistsRepository = ReturnType<typeof playlistsRepository>;
