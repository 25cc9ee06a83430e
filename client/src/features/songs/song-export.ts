import type { Song } from '#shared/schemas/song.ts';
import { formatDuration } from '#shared/song-duration.ts';
import { csvText, SONG_CSV_COLUMNS, type SongCsvField } from '#shared/song-csv.ts';

const FIELDS = Object.keys(SONG_CSV_COLUMNS) as SongCsvField[];

function csvCells(song: Song): Record<SongCsvField, string> {
  return {
    title: song.title,
    artist: song.artist,
    genres: song.genres.join(', '),
    moods: song.moods.join(', '),
    year: song.year === null ? '' : String(song.year),
    notes: song.notes,
    songwriter: song.songwriter,
    duration: formatDuration(song.duration_seconds),
  };
}

/** The song list as CSV text, with the columns the CSV import reads back. */
export function songsToCsv(songs: readonly Song[]): string {
  const header = FIELDS.map((field) => SONG_CSV_COLUMNS[field]);
  const rows = songs.map((song) => {
    const cells = csvCells(song);
    return FIELDS.map((field) => cells[field]);
  });
  return csvText([header, ...rows]);
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
