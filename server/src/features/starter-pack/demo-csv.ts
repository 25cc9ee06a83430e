import type { CatalogueSong } from './starter-catalogue.ts';

/** RFC 4180 quoting: a field with a comma, quote or line break is quoted, quotes doubled. */
function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * The sample CSV a musician downloads to see the expected columns. It is built from the starter
 * catalogue, so it always imports cleanly: several genres or moods share one quoted cell.
 */
export function demoCsv(catalogue: readonly CatalogueSong[]): string {
  const lines = [['Title', 'Artist', 'Genre', 'Mood', 'Year']];
  for (const song of catalogue) {
    lines.push([
      song.title,
      song.artist,
      song.genres.join(', '),
      song.moods.join(', '),
      String(song.year),
    ]);
  }
  return lines.map((cells) => cells.map(csvField).join(',')).join('\r\n') + '\r\n';
}
