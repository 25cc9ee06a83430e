import type { Kysely } from 'kysely';
import type { DB } from '#server/db/tables.ts';
import { songKey } from '#shared/song-key.ts';

/** The musician's songs as an import sees them, kept up to date as its batches insert. */
export interface HeldSongs {
  /** songKey of every song the musician has. */
  keys: Set<string>;
  /** How many songs they have, for the cap. */
  count: number;
  /**
   * The musician's songs version (catalogue/songs-version.ts) these keys are of, or UNKNOWN
   * once someone else may have changed the songs: the next batch reads the keys again.
   */
  version: number;
}

const UNKNOWN = -1;

/**
 * Reads the keys and the songs version in one statement, so both describe the same rows (a
 * statement sees one snapshot on either engine; a musician without songs still gives one row).
 */
export async function readHeldSongs(db: Kysely<DB>, musicianId: string): Promise<HeldSongs> {
  const rows = await db
    .selectFrom('musicians')
    .leftJoin('songs', 'songs.musicianId', 'musicians.id')
    .select(['musicians.songsVersion', 'songs.title', 'songs.artist'])
    .where('musicians.id', '=', musicianId)
    .execute();
  const keys = new Set<string>();
  let count = 0;
  for (const { title, artist } of rows) {
    if (title === null || artist === null) continue;
    keys.add(songKey(title, artist));
    count += 1;
  }
  return { keys, count, version: rows[0]?.songsVersion ?? 0 };
}

/**
 * Whether another request added, removed or renamed one of the musician's songs since `held`
 * was last brought up to date: each add and rename raises the songs version, each removal
 * lowers the count. Called under the musician's song lock; one index lookup and one count,
 * far cheaper than reading the keys.
 */
export async function changedSince(
  trx: Kysely<DB>,
  musicianId: string,
  held: HeldSongs,
): Promise<boolean> {
  const now = await trx
    .selectFrom('musicians')
    .select((eb) => [
      'musicians.songsVersion',
      eb
        .selectFrom('songs')
        .select(eb.fn.countAll().as('count'))
        .where('songs.musicianId', '=', musicianId)
        .as('count'),
    ])
    .where('musicians.id', '=', musicianId)
    .executeTakeFirst();
  // count(*) is a bigint string on PostgreSQL, a number on SQLite.
  return now?.songsVersion !== held.version || Number(now.count) !== held.count;
}

/**
 * Counts rows this import has just inserted, and the songs version its insert raised to:
 * exactly one more than the one the keys are of, unless another write raised it in between.
 */
export function recordInserted(
  held: HeldSongs,
  inserted: Array<{ title: string; artist: string }>,
  version: number,
): void {
  for (const song of inserted) held.keys.add(songKey(song.title, song.artist));
  held.count += inserted.length;
  held.version = version === held.version + 1 ? version : UNKNOWN;
}
