import { setImmediate as nextTurn } from 'node:timers/promises';
import { messages } from '#shared/messages.ts';
import { hasNul } from '#shared/nul-character.ts';
import type { ImportedSongPreview, ImportRowError } from '#shared/schemas/song-import.ts';
import { SONGS_PER_MUSICIAN_MAX } from '#shared/limits.ts';
import { firstIssueMessage } from '#shared/schemas/human-errors.ts';
import { SongInput } from '#shared/schemas/song.ts';
import { rowsOverCapError, type ParsedSongs } from './csv-parser.ts';
import type { UploadText } from './upload-reader.ts';

/**
 * " - " with a hyphen, en dash or em dash (phones turn the hyphen into a dash). The dashes are
 * escaped so the server bundle stays ASCII (scripts/build-server.ts).
 */
const DASH_SEPARATOR = /\s+[-\u2013\u2014]\s+/g;

/**
 * Splits "Title - Artist" at the last dash surrounded by spaces, so "Hey Jude - Remastered -
 * The Beatles" keeps its version in the title; a tab, when present, wins.
 */
function splitLine(line: string): [string, string] | null {
  if (line.includes('\t')) {
    const [title = '', artist = ''] = line.split('\t');
    return [title, artist];
  }
  const separators = [...line.matchAll(DASH_SEPARATOR)];
  const last = separators.at(-1);
  if (!last) return null;
  return [line.slice(0, last.index), line.slice(last.index + last[0].length)];
}

/** Lines read between two turns of the event loop: a 10,000-line file must not hold the server. */
const LINES_PER_TURN = 1000;

/** The text's lines as they arrive; a "\r\n" cut between two chunks is still one line end. */
async function* linesOf(text: string | UploadText): AsyncGenerator<string> {
  if (typeof text === 'string') {
    yield* text.split(/\r\n|\r|\n/);
    return;
  }
  let rest = '';
  for await (const chunk of text) {
    const joined = rest + chunk;
    const cut = joined.endsWith('\r') ? joined.length - 1 : joined.length;
    const lines = joined.slice(0, cut).split(/\r\n|\r|\n/);
    rest = lines.pop()! + joined.slice(cut);
    yield* lines;
  }
  yield* rest.split(/\r\n|\r|\n/);
}

/**
 * One song per line, read as the file arrives; blank lines and lines starting with # are
 * skipped. At most SONGS_PER_MUSICIAN_MAX songs are read: the first line past it becomes one
 * error saying so, and nothing after it is read.
 */
export async function parseSongList(text: string | UploadText): Promise<ParsedSongs> {
  const rows: ImportedSongPreview[] = [];
  const errors: ParsedSongs['errors'] = [];
  let totalRows = 0;
  let line = 0;
  for await (const raw of linesOf(text)) {
    line++;
    if (line % LINES_PER_TURN === 0) await nextTurn();
    const lineText = raw.trim();
    if (lineText === '' || lineText.startsWith('#')) continue;
    if (totalRows === SONGS_PER_MUSICIAN_MAX) {
      errors.push(rowsOverCapError(line));
      break;
    }
    totalRows++;
    const error = addLine(rows, lineText, line);
    if (error) errors.push(error);
  }
  return { totalRows, rows, errors };
}

/** Reads one song line: a row added to `rows`, or the error that says why not. */
function addLine(
  rows: ImportedSongPreview[],
  lineText: string,
  line: number,
): ImportRowError | undefined {
  // PostgreSQL cannot store a NUL: this line is refused, the rest of the file still imports.
  if (hasNul(lineText)) return { line, reason: messages.importRowHasNul };
  const parts = splitLine(lineText);
  if (!parts) return { line, reason: messages.lstLineInvalid };
  const parsed = SongInput.safeParse({ title: parts[0], artist: parts[1] });
  if (!parsed.success) return { line, reason: firstIssueMessage(parsed.error) };
  const { title, artist, genres, moods, year } = parsed.data;
  // A .lst line has no length.
  rows.push({ line, title, artist, genres, moods, year, duration_seconds: null });
  return undefined;
}
