import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { songs } from '#server/db/schema.ts';
import { songKey } from '#shared/song-key.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * A hash of one row version: the song's id and the transaction that last wrote it (xmin). Any
 * insert, edit or delete by anyone changes the count or the sum of these over the musician's
 * songs; the sum is taken in numeric, so only a 64-bit hash collision could hide a change.
 */
export const ROW_VERSION = sql<string>`hashtextextended(${songs.id}::text || xmin::text, 0)`;

/** The musician's songs as an import sees them, kept up to date as its batches insert. */
export interface HeldSongs {
  /** songKey of every song the musician has. */
  keys: Set<string>;
  /** How many songs they have, for the cap. */
  count: number;
  /** The sum of ROW_VERSION over those songs: tells whether someone else changed them. */
  versions: bigint;
}

/** Reads the keys once, in one statement, so keys and fingerprint describe the same rows. */
export async function readHeldSongs(db: Db | Tx, musicianId: string): Promise<HeldSongs> {
  const rows = await db
    .select({
      title: songs.title,
      artist: songs.artist,
      versions: sql<string>`(sum(${ROW_VERSION}) over ())::text`,
    })
    .from(songs)
    .where(eq(songs.musicianId, musicianId));
  return {
    keys: new Set(rows.map((song) => songKey(song.title, song.artist))),
    count: rows.length,
    versions: BigInt(rows[0]?.versions ?? 0),
  };
}

/**
 * Whether another request added, edited or deleted one of the musician's songs since `held` was
 * last brought up to date. Called under the musician's lock, so nobody who takes it can slip in
 * between this check and the insert; a scan of counts and hashes, far cheaper than the keys.
 */
export async function changedSince(tx: Tx, musicianId: string, held: HeldSongs): Promise<boolean> {
  const [now] = await tx
    .select({
      count: sql<number>`count(*)::int`,
      versions: sql<string>`coalesce(sum(${ROW_VERSION}), 0)::text`,
    })
    .from(songs)
    .where(eq(songs.musicianId, musicianId));
  return now!.count !== held.count || BigInt(now!.versions) !== held.versions;
}

/** Counts rows this import has just inserted, with the versions its insert returned. */
export function recordInserted(
  held: HeldSongs,
  inserted: Array<{ title: string; artist: string; version: string }>,
): void {
  for (const song of inserted) {
    held.keys.add(songKey(song.title, song.artist));
    held.versions += BigInt(song.version);
  }
  held.count += inserted.length;
}
