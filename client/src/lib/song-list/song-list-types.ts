import type { PublicSong } from '#shared/schemas/song.ts';

/**
 * What the song list reads of a song: the audience's PublicSong and the Songs tab's Song both
 * have it, so one module searches, filters and sorts both lists.
 */
export type ListedSong = Pick<
  PublicSong,
  | 'title'
  | 'artist'
  | 'genres'
  | 'moods'
  | 'notes'
  | 'year'
  | 'decade'
  | 'request_count'
  | 'created_at'
>;
