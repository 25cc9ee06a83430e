import { setImmediate as nextTurn } from 'node:timers/promises';
import { messages } from '#shared/messages.ts';
import { hasNul } from '#shared/nul-character.ts';
import { SongInput } from '#shared/schemas/song.ts';
import { SONG_CSV_COLUMNS, type SongCsvField } from '#shared/song-csv.ts';
import type { ImportedSongPreview, ImportRowError } from '#shared/schemas/song-import.ts';
import { firstIssueMessage } from '#shared/schemas/human-errors.ts';
import { SONGS_PER_MUSICIAN_MAX } from '#shared/limits.ts';
import { fill } from '#shared/fill-message.ts';
import { badRequest, HttpError } from '#server/http/errors.ts';
import { csvRecords } from './csv-records.ts';
import type { UploadText } from './upload-reader.ts';

/** A valid row: what the preview shows, plus the songwriter the import saves. */
export type ParsedSong = ImportedSongPreview & { songwriter?: string };

export interface ParsedSongs {
  /** Data records read, valid or not; blank lines do not count (nor lines past the cap). */
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
  duration: ['length', 'time', 'duration (m:ss)'],
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

/** The error the first row past the cap becomes: nothing after it is read. */
export const rowsOverCapError = (line: number): ImportRowError => ({
  line,
  reason: fill(messages.importRowsOverCap, { max: SONGS_PER_MUSICIAN_MAX.toLocaleString('en') }),
});

/** Rows validated between two turns of the event loop, so a big file does not hold the server. */
const ROWS_PER_TURN = 100;

/**
 * The text up to its header line (the first line with something on it), for the delimiter, and
 * the whole text again, read once: the buffered start, then the rest as it comes.
 */
async function withHeaderLine(text: UploadText): Promise<{ head: string; text: UploadText }> {
  const iterator = text[Symbol.asyncIterator]();
  let head = '';
  while (!/\S[^\r\n]*[\r\n]/.test(head)) {
    const next = await iterator.next();
    if (next.done) break;
    head += next.value;
  }
  const start = head;
  async function* whole() {
    try {
      if (start) yield start;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
        yield next.value;
      }
    } finally {
      await iterator.return?.();
    }
  }
  return { head, text: whole() };
}

const asText = (text: string | UploadText): UploadText =>
  typeof text === 'string'
    ? (async function* whole() {
        yield text;
      })()
    : text;

/**
 * Parses a song CSV as it is read; each bad row becomes an error with its line number, never a
 * failure. At most SONGS_PER_MUSICIAN_MAX data rows are read: the first row past it becomes one
 * error saying so, and nothing after it is read.
 */
export async function parseSongCsv(input: string | UploadText): Promise<ParsedSongs> {
  let unreadable = 0;
  let lastLine = 0;
  const rows: ParsedSong[] = [];
  const errors: ImportRowError[] = [];
  let columns: Partial<Record<Field, number>> | undefined;
  let dataRows = 0;
  try {
    const { head, text } = await withHeaderLine(asText(input));
    const records = csvRecords(text, {
      delimiter: detectDelimiter(head),
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      // Only an unclosed quote gets here: it swallows the rest of the file.
      on_skip: () => void unreadable++,
    });
    for await (const { record, info } of records) {
      lastLine = info.lines;
      if (!record.some((cell) => cell.trim() !== '')) continue;
      const line = info.lines - lineBreaks(record);
      if (!columns) {
        columns = mapColumns(record);
        continue;
      }
      if (dataRows === SONGS_PER_MUSICIAN_MAX) {
        errors.push(rowsOverCapError(line));
        unreadable = 0;
        break;
      }
      dataRows++;
      if (dataRows % ROWS_PER_TURN === 0) await nextTurn();
      const error = addRow(rows, record, line, columns);
      if (error) errors.push(error);
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // Errors the parser cannot skip past: the file is not CSV at all.
    throw badRequest(messages.csvUnreadable);
  }
  if (!columns) throw badRequest(messages.importFileEmpty);
  if (unreadable > 0) errors.push({ line: lastLine + 1, reason: messages.csvQuoteNotClosed });
  errors.sort((a, b) => a.line - b.line);
  return { totalRows: dataRows + unreadable, rows, errors };
}

/** Validates one data record: a row added to `rows`, or the error that says why not. */
function addRow(
  rows: ParsedSong[],
  record: string[],
  line: number,
  columns: Partial<Record<Field, number>>,
): ImportRowError | undefined {
  // PostgreSQL cannot store a NUL: this row is refused, the rest of the file still imports.
  if (record.some(hasNul)) return { line, reason: messages.importRowHasNul };
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
    // "m:ss" or "h:mm:ss" (song-duration.ts); a bare number is not taken for seconds or minutes.
    duration_seconds: cell('duration'),
  });
  if (!parsed.success) return { line, reason: firstIssueMessage(parsed.error) };
  const { title, artist, genres, moods, year, songwriter, duration_seconds } = parsed.data;
  rows.push({ line, title, artist, genres, moods, year, songwriter, duration_seconds });
  return undefined;
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
