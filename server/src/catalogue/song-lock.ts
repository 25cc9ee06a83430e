import type { Transaction } from 'kysely';
import { SONGS_PER_MUSICIAN_MAX } from '#shared/limits.ts';
import type { SongData } from '#shared/schemas/song.ts';
import { songKey } from '#shared/song-key.ts';
import type { DB } from '#server/db/tables.ts';
import { lockUntilCommit } from '#server/db/locks.ts';
import type { SongRow } from './song-mapper.ts';

// The musician's song lock and the duplicate and room checks taken under it: the songs feature
// and an approved suggestion both add songs, and both must take the same lock.

/** What a write returns: the saved row, or the existing song it would have duplicated. */
export type SongWrite =
  | { row: SongRow }
  | { duplicate: { title: string; artist: string } }
  /** The musician already has SONGS_PER_MUSICIAN_MAX songs. */
  | { full: true };

export interface HeldSong {
  id: string;
  title: string;
  artist: string;
}

/**
 * Takes the musician's song lock, the one imports, single adds, edits and approved suggestions
 * all take, so no two of them can add the same song at once; then reads the musician's songs.
 */
export async function lockAndReadSongs(
  tx: Transaction<DB>,
  musicianId: string,
): Promise<HeldSong[]> {
  await lockUntilCommit(tx, musicianId);
  return tx
    .selectFrom('songs')
    .select(['id', 'title', 'artist'])
    .where('musicianId', '=', musicianId)
    .execute();
}

/** The musician's song with the same key as `data`, other than `exceptId`, under the lock. */
export async function lockAndFindDuplicate(
  tx: Transaction<DB>,
  musicianId: string,
  data: Pick<SongData, 'title' | 'artist'>,
  exceptId?: string,
): Promise<{ title: string; artist: string } | undefined> {
  const held = await lockAndReadSongs(tx, musicianId);
  return findDuplicate(held, data, exceptId);
}

function findDuplicate(
  held: HeldSong[],
  data: Pick<SongData, 'title' | 'artist'>,
  exceptId?: string,
): { title: string; artist: string } | undefined {
  const wanted = songKey(data.title, data.artist);
  const found = held.find(
    (song) => song.id !== exceptId && songKey(song.title, song.artist) === wanted,
  );
  return found && { title: found.title, artist: found.artist };
}

/**
 * Whether the musician has room for one more song (under the same lock as the duplicate check,
 * so two adds cannot both slip in): the song it would duplicate, a full list, or undefined when
 * it may go in. Whoever adds a song outside an import (a single add, an approved suggestion)
 * asks this inside the transaction that inserts it.
 */
export async function lockAndCheckRoom(
  tx: Transaction<DB>,
  musicianId: string,
  data: Pick<SongData, 'title' | 'artist'>,
): Promise<Exclude<SongWrite, { row: SongRow }> | undefined> {
  const held = await lockAndReadSongs(tx, musicianId);
  const duplicate = findDuplicate(held, data);
  if (duplicate) return { duplicate };
  if (held.length >= SONGS_PER_MUSICIAN_MAX) return { full: true };
  return undefined;
}
