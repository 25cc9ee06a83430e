import type { SongMetadataWithWriter } from '#shared/schemas/song.ts';
import type { CatalogueSong } from '#server/catalogue/starter-catalogue.ts';
import { baseTitle, matchKey, sameArtist, type MetadataSource } from './metadata-source.ts';

/** The bundled catalogue as a metadata source: in memory, offline, always on. */
export function catalogueSource(catalogue: readonly CatalogueSong[]): MetadataSource {
  const byTitle = new Map<string, CatalogueSong[]>();
  for (const song of catalogue) {
    const key = matchKey(song.title);
    byTitle.set(key, [...(byTitle.get(key) ?? []), song]);
  }

  return {
    name: 'catalogue',
    offline: true,
    async lookup(title, artist) {
      const candidates =
        byTitle.get(matchKey(title)) ?? byTitle.get(matchKey(baseTitle(title))) ?? [];
      const exact = candidates.find((song) => matchKey(song.artist) === matchKey(artist));
      const close = exact ?? candidates.find((song) => sameArtist(song.artist, artist));
      if (!close) return null;
      const metadata: SongMetadataWithWriter = {
        source: 'catalogue',
        title: close.title,
        artist: close.artist,
        year: close.year,
        genres: [...close.genres],
        moods: [...close.moods],
        // The catalogue keeps no lengths either.
        duration_seconds: null,
        confidence: exact ? 1 : 0.9,
        // The catalogue does not know who wrote its songs; MusicBrainz may.
        songwriter: '',
      };
      return metadata;
    },
  };
}
