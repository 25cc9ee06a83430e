import { setImmediate as nextTurn } from 'node:timers/promises';
import { messages } from '#shared/messages.ts';
import { hasNul } from '#shared/nul-character.ts';
import type { ImportedSongPreview } from '#shared/schemas/song-import.ts';
import { firstIssueMessage } from '#shared/schemas/human-errors.ts';
import { SongInput } from '#shared/schemas/song.ts';
import type { ParsedSongs } from './csv-parser.ts';

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

/** One song per line; blank lines and lines starting with # are skipped. */
export async function parseSongList(text: string): Promise<ParsedSongs> {
  const rows: ImportedSongPreview[] = [];
  const errors: ParsedSongs['errors'] = [];
  let totalRows = 0;
  const lines = text.split(/\r\n|\r|\n/);
  for (const [index, raw] of lines.entries()) {
    if (index > 0 && index % LINES_PER_TURN === 0) await nextTurn();
    const lineText = raw.trim();
    if (lineText === '' || lineText.startsWith('#')) continue;
    totalRows++;
    const line = index + 1;
    // PostgreSQL cannot store a NUL: this line is refused, the rest of the file still imports.
    if (hasNul(lineText)) {
      errors.push({ line, reason: messages.importRowHasNul });
      continue;
    }
    const parts = splitLine(lineText);
    if (!parts) {
      errors.push({ line, reason: messages.lstLineInvalid });
      continue;
    }
    const parsed = SongInput.safeParse({ title: parts[0], artist: parts[1] });
    if (!parsed.success) {
      errors.push({ line, reason: firstIssueMessage(parsed.error) });
      continue;
    }
    const { title, artist, genres, moods, year } = parsed.data;
    rows.push({ line, title, artist, genres, moods, year });
  }
  return { totalRows, rows, errors };
}
