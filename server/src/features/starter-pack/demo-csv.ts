import { csvText, SONG_CSV_COLUMNS } from '#shared/song-csv.ts';
import type { CatalogueSong } from '#server/catalogue/starter-catalogue.ts';

/**
 * The sample CSV a musician downloads to see the expected columns. It is built from the starter
 * catalogue, so it always imports cleanly: several genres or moods share one quoted cell.
 */
export function demoCsv(catalogue: readonly CatalogueSong[]): string {
  const { title, artist, genres, moods, year } = SONG_CSV_COLUMNS;
  return csvText([
    [title, artist, genres, moods, year],
    ...catalogue.map((song) => [
      song.title,
      song.artist,
      song.genres.join(', '),
      song.moods.join(', '),
      String(song.year),
    ]),
  ]);
}
