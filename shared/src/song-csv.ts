/**
 * The song CSV both sides write: the export of the Songs tab and the demo file. The import reads
 * these headers (and common aliases of them) back.
 */
export const SONG_CSV_COLUMNS = {
  title: 'Title',
  artist: 'Artist',
  genres: 'Genre',
  moods: 'Mood',
  year: 'Year',
  notes: 'Notes',
  /** Optional: who wrote the song, for performing-rights setlist reports. */
  songwriter: 'Songwriter',
  /** Optional: the song's length, "m:ss", for the wait estimate. */
  duration: 'Duration',
} as const;

export type SongCsvField = keyof typeof SONG_CSV_COLUMNS;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled.
 * A leading =, +, - or @ would run as a formula in a spreadsheet, so it gets a quote prefix.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows of cells as CSV text with CRLF line ends, the way spreadsheet apps write it. */
export function csvText(rows: readonly (readonly string[])[]): string {
  return rows.map((cells) => cells.map(csvField).join(',')).join('\r\n') + '\r\n';
}
