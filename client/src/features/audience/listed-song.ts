import type { PublicSong } from '#shared/schemas/song.ts';
import { songKey } from '#shared/song-key.ts';

/**
 * The song of the list a suggestion names (same title and artist, case and surrounding spaces
 * ignored: the server's duplicate rule), if any: the person can request it instead of waiting for
 * the musician to read a suggestion of a song they already play.
 */
export function listedSong(
  songs: readonly PublicSong[],
  title: string,
  artist: string,
): PublicSong | undefined {
  if (!title.trim() || !artist.trim()) return undefined;
  const key = songKey(title, artist);
  return songs.find((song) => songKey(song.title, song.artist) === key);
}
