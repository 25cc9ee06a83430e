import { setImmediate as nextTurn } from 'node:timers/promises';
import { messages } from '#shared/messages.ts';
import { hasNul } from '#shared/nul-character.ts';
import { SongInput } from '#shared/schemas/song.ts';
import { SONG_CSV_COLUMNS, type SongCsvField } from '#shared/song-csv.ts';
import type { ImportedSongPreview, ImportRowError } from '#shared/schemas/song-import.ts';
import { firstIssueMessage } from '#shared/schemas/human-errors.ts';
import { badRequest } from '#server/http/errors.ts';
import { readCsvRecords, type CsvRecord } from './csv-records.ts';

/** A valid row: what the preview shows, plus the songwriter the import saves. */
export type ParsedSong = ImportedSongPreview & { songwriter?: string };

export interface ParsedSongs {
  /** Data records in the file, valid or not; blank lines do not count. */
  totalRows: number;
  rows: ParsedSong[];
  errors: ImportRowError[];
}

type Field = Exclude<SongCsvField, 'notes'>;

/** Other header names accepted for each field besides the one our export writes. */
const ALIASES: Record<Field, string[]> = {
  title: ['song', 'song title', 'song name', 'name', 'track', 'track name'],
  artist: ['artists', 'artist name', 'band', 'performer'],
  genres: ['genres'],
  moods: ['moods'],
  year: ['release year', 'released'],
  songwriter: ['songwriters', 'writer', 'writers', 'written by', 'composer', 'composers'],
};

/** Header names accepted for each field, compared lower-cased with spaces collapsed. */
const COLUMN_NAMES = Object.fromEntries(
  Object.entries(ALIASES).map(([field, aliases]) => [
    field,
    [SONG_CSV_COLUMNS[field as Field].toLowerCase(), ...aliases],
  ]),
) as Record<Field, string[]>;

const normalizeHeader = (cell: string) =>
  cell
    .trim()
    .toLowerCase()
    .replace(/[_\s]+/g, ' ');

/**
 * Spreadsheet apps in countries that write 1,5 for one and a half export CSV with semicolons,
 * and "Unicode text" exports use tabs. The header line decides: the separator it has most of
 * outside quotes. Splitting on all three would cut "Rock, Pop" genre cells apart.
 */
function detectDelimiter(text: string): string {
  const header = text.split(/\r\n|\r|\n/).find((line) => line.trim() !== '') ?? '';
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const char of header) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best = ',';
  for (const [delimiter, count] of counts) if (count > counts.get(best)!) best = delimiter;
  return best;
}

/** Several genres or moods in one cell: "Rock, Pop" or "Rock; Pop". */
export function splitTags(cell: string): string[] {
  return cell
    .split(/[,;]/)
    .map((tag) => tag.trim())
    .filter(Boolean);
}

/**
 * "1995", "1995.0" (a number column saved by a spreadsheet) and dates like "1995-06-12" give
 * 1995; blank gives null; anything else is passed on for the song schema to refuse.
 */
function parseYear(cell: string): number | string | null {
  const value = cell.trim();
  if (value === '') return null;
  const match = /^(\d{4})(?:\.0+|[-/.]\d{1,2}(?:[-/.]\d{1,2})?)?$/.exec(value);
  return match ? Number(match[1]) : value;
}

const lineBreaks = (fields: string[]) =>
  fields.reduce((count, field) => count + (field.match(/\r\n|\r|\n/g)?.length ?? 0), 0);

/** Rows validated between two turns of the event loop, so a big file does not hold the server. */
const ROWS_PER_TURN = 1000;

/** Parses a song CSV; each bad row becomes an error with its line number, never a failure. */
export async function parseSongCsv(text: string): Promise<ParsedSongs> {
  let unreadable = 0;
  let records: CsvRecord[];
  try {
    records = await readCsvRecords(text, {
      delimiter: detectDelimiter(text),
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      // Only an unclosed quote gets here: it swallows the rest of the file.
      on_skip: () => void unreadable++,
    });
  } catch {
    // Errors the parser cannot skip past: the file is not CSV at all.
    throw badRequest(messages.csvUnreadable);
  }
  const lastLine = records.at(-1)?.info.lines ?? 0;
  const errors: ImportRowError[] = Array.from({ length: Math.min(unreadable, 1) }, () => ({
    line: lastLine + 1,
    reason: messages.csvQuoteNotClosed,
  }));

  const nonBlank = records.filter(({ record }) => record.some((cell) => cell.trim() !== ''));
  const [header, ...data] = nonBlank;
  if (!header) throw badRequest(messages.importFileEmpty);
  const columns = mapColumns(header.record);

  const rows: ParsedSong[] = [];
  for (const [index, { record, info }] of data.entries()) {
    if (index > 0 && index % ROWS_PER_TURN === 0) await nextTurn();
    const line = info.lines - lineBreaks(record);
    // PostgreSQL cannot store a NUL: this row is refused, the rest of the file still imports.
    if (record.some(hasNul)) {
      errors.push({ line, reason: messages.importRowHasNul });
      continue;
    }
    const cell = (field: Field) => {
      const index = columns[field];
      return index === undefined ? '' : (record[index] ?? '');
    };
    const parsed = SongInput.safeParse({
      // A line break typed inside a cell (Alt+Enter) is not part of a song's name.
      title: cell('title').replace(/\s+/g, ' '),
      artist: cell('artist').replace(/\s+/g, ' '),
      genres: splitTags(cell('genres')),
      moods: splitTags(cell('moods')),
      year: parseYear(cell('year')),
      songwriter: cell('songwriter').replace(/\s+/g, ' '),
    });
    if (parsed.success) {
      const { title, artist, genres, moods, year, songwriter } = parsed.data;
      rows.push({ line, title, artist, genres, moods, year, songwriter });
    } else {
      errors.push({ line, reason: firstIssueMessage(parsed.error) });
    }
  }
  errors.sort((a, b) => a.line - b.line);
  return { totalRows: data.length + unreadable, rows, errors };
}

/** Which column holds which field; extra columns are ignored, order does not matter. */
function mapColumns(header: string[]): Partial<Record<Field, number>> {
  const columns: Partial<Record<Field, number>> = {};
  header.forEach((cell, index) => {
    const name = normalizeHeader(cell);
    for (const field of Object.keys(COLUMN_NAMES) as Field[]) {
      if (columns[field] === undefined && COLUMN_NAMES[field].includes(name)) {
        columns[field] = index;
      }
    }
  });
  if (columns.title === undefined || columns.artist === undefined) {
    throw badRequest(messages.csvColumnsMissing);
  }
  return columns;
}
