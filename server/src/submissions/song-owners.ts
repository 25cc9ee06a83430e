/**
 * Which musician each song belongs to, as far as this process has asked. A song never changes
 * hands, so an audience request learns its musician here rather than from the database: the
 * status token and the keyed source it hands to the filing are derived for that musician, and
 * the filing then asks nothing first (the admission checks the owner, and names the real one if
 * this were ever wrong). Songs added while the process runs are handed to it as they are added
 * (requests-service.ts); an unknown song asks the database once for its musician and all their
 * songs, so a venue's first request of each song costs nothing more.
 *
 * Bounded: past `maxSongs` the songs remembered first are forgotten first (about 100 bytes
 * each). Unknown song ids are not remembered, so made-up ids cannot fill it.
 */
export interface SongOwners {
  ownerOf(songId: string): Promise<string | undefined>;
  /** Remembers these songs' musicians at once (at the server's start). */
  remember(owners: Array<{ songId: string; musicianId: string }>): void;
  forget(songId: string): void;
}

/** How many songs' musicians a process remembers: about 5 MB. */
export const SONG_OWNERS_REMEMBERED = 50_000;

export function rememberedSongOwners(
  lookup: (songId: string) => Promise<{ musicianId: string; songIds: string[] } | undefined>,
  maxSongs = SONG_OWNERS_REMEMBERED,
): SongOwners {
  const owners = new Map<string, string>();
  const keepWithinBound = () => {
    for (const oldest of owners.keys()) {
      if (owners.size <= maxSongs) break;
      owners.delete(oldest);
    }
  };
  return {
    async ownerOf(songId) {
      const known = owners.get(songId);
      if (known) return known;
      const found = await lookup(songId);
      if (!found) return undefined;
      for (const id of found.songIds) owners.set(id, found.musicianId);
      keepWithinBound();
      return found.musicianId;
    },
    remember(songs) {
      for (const { songId, musicianId } of songs.slice(0, maxSongs)) owners.set(songId, musicianId);
      keepWithinBound();
    },
    forget: (songId) => void owners.delete(songId),
  };
}
