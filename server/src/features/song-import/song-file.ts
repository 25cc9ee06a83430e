import { IMPORT_PREVIEW_ROWS } from '#shared/schemas/song-import.ts';
import type { ImportRowError } from '#shared/schemas/song-import.ts';
import { songKey } from '#shared/song-key.ts';
import { parseSongCsv, type ParsedSong, type ParsedSongs } from './csv-parser.ts';
import { parseSongList } from './lst-parser.ts';
import type { UploadText } from './upload-reader.ts';

/** The two kinds of song file an import reads. */
export type SongFileFormat = 'csv' | 'lst';

/** Every valid row, for an upload to insert. */
export const parseSongFile = (format: SongFileFormat, text: UploadText): Promise<ParsedSongs> =>
  format === 'csv' ? parseSongCsv(text) : parseSongList(text);

/**
 * What a preview answers with, without the rows themselves: the counts, the first rows, and each
 * song's key once, for the duplicates against the musician's list (read from the database).
 */
export interface SongFileSummary {
  totalRows: number;
  validRows: number;
  errors: ImportRowError[];
  preview: ParsedSong[];
  /** songKey of each valid row the first time it appears in the file. */
  keys: string[];
  /** Valid rows that repeat an earlier row of the same file. */
  repeats: number;
}

export function summariseSongFile(parsed: ParsedSongs): SongFileSummary {
  const seen = new Set<string>();
  let repeats = 0;
  for (const row of parsed.rows) {
    const key = songKey(row.title, row.artist);
    if (seen.has(key)) repeats++;
    else seen.add(key);
  }
  return {
    totalRows: parsed.totalRows,
    validRows: parsed.rows.length,
    errors: parsed.errors,
    preview: parsed.rows.slice(0, IMPORT_PREVIEW_ROWS),
    keys: [...seen],
    repeats,
  };
}

/** Valid rows an import of the file would skip: already in the list, or earlier in the file. */
export function duplicatesOf(file: SongFileSummary, held: Set<string>): number {
  let duplicates = file.repeats;
  if (held.size > 0) for (const key of file.keys) if (held.has(key)) duplicates++;
  return duplicates;
}
