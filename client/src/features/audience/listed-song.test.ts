import { describe, expect, it } from 'vitest';
import type { PublicSong } from '#shared/schemas/song.ts';
import { listedSong } from './listed-song.ts';

const song = (title: string, artist: string) => ({ id: title, title, artist }) as PublicSong;
const songs = [song('Halo', 'Beyoncé'), song('Jolene', 'Dolly Parton')];

describe('listedSong', () => {
  it('finds the song whatever the case and surrounding spaces', () => {
    expect(listedSong(songs, '  halo ', 'BEYONCÉ')?.title).toBe('Halo');
  });

  it('finds nothing for another artist, another title, or a field left empty', () => {
    expect(listedSong(songs, 'Halo', 'Genesis')).toBeUndefined();
    expect(listedSong(songs, 'Hallo', 'Beyoncé')).toBeUndefined();
    expect(listedSong(songs, 'Halo', ' ')).toBeUndefined();
  });
});
