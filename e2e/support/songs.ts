import type { SongData } from './musicians.ts';

/** A song by `artist`, with any of its other fields. */
export function song(
  title: string,
  artist: string,
  more: Omit<SongData, 'title' | 'artist'> = {},
): SongData {
  return { title, artist, ...more };
}

// The songs the tests ask for most, each always by the same artist.

export const JOLENE = song('Jolene', 'Dolly Parton');
export const HALO = song('Halo', 'Beyoncé');
export const YELLOW = song('Yellow', 'Coldplay');
export const VALERIE = song('Valerie', 'Amy Winehouse');
export const DREAMS = song('Dreams', 'Fleetwood Mac');
export const CREEP = song('Creep', 'Radiohead');
export const WONDERWALL = song('Wonderwall', 'Oasis');
export const HALLELUJAH = song('Hallelujah', 'Leonard Cohen');
export const KARMA_POLICE = song('Karma Police', 'Radiohead');
