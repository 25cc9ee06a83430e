import type { Song } from '#shared/schemas/song.ts';

export const EXPORT_COLUMNS = ['Title', 'Artist', 'Genre', 'Mood', 'Year', 'Notes'] as const;

/** Quotes a field when it holds a comma, quote or line break (RFC 4180). */
function csvField(value: string): string {
  // A leading =, +, - or @ would run as a formula in a spreadsheet: prefix it with a quote.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The song list as CSV text, with the columns the CSV import reads back. */
export function songsToCsv(songs: readonly Song[]): string {
  const rows = songs.map((song) =>
    [
      song.title,
      song.artist,
      song.genres.join(', '),
      song.moods.join(', '),
      song.year === null ? '' : String(song.year),
      song.notes,
    ]
      .map(csvField)
      .join(','),
  );
  return [EXPORT_COLUMNS.join(','), ...rows].join('\r\n') + '\r\n';
}

/** "my-songs-2025-01-31.csv" */
export function exportFileName(now: Date): string {
  return `my-songs-${now.toISOString().slice(0, 10)}.csv`;
}

/** Saves `text` as a file through a temporary Blob link. */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8') {
  // A byte-order mark so spreadsheet apps read accents as UTF-8.
  const blob = new Blob(['\uFEFF', text], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
