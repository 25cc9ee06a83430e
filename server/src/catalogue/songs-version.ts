import type { Kysely } from 'kysely';
import type { DB } from '#server/db/tables.ts';

/**
 * Raises the musician's songs version (musicians.songs_version, migration 0002) and returns the
 * new one. Every write that adds a song or may change a song's title or artist calls it in its
 * own transaction, so an import between two of its batches knows whether the keys it read are
 * still the musician's (song-import's held-songs.ts; a removal shows there in the count). On
 * PostgreSQL the update also holds the musician's row until the transaction ends, so two such
 * writes raise it one after the other.
 */
export async function bumpSongsVersion(trx: Kysely<DB>, musicianId: string): Promise<number> {
  const row = await trx
    .updateTable('musicians')
    .set((eb) => ({ songsVersion: eb('songsVersion', '+', 1) }))
    .where('id', '=', musicianId)
    .returning('songsVersion')
    .executeTakeFirst();
  return row?.songsVersion ?? 0;
}
