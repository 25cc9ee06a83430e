/** A track of a music service's playlist, as both clients hand it to the import. */
export interface PlaylistTrack {
  title: string;
  artist: string;
  year: number | null;
  genres: string[];
}

/** "1995-10-02", "1995" -> 1995; "0000" or missing -> null. */
export function yearOf(date: string | null | undefined): number | null {
  const year = Number(date?.slice(0, 4));
  return Number.isInteger(year) && year >= 1000 && year <= 2100 ? year : null;
}

/** A playlist bigger than this is cut: a set list, not a whole catalogue. */
export const PLAYLIST_MAX_TRACKS = 5000;
