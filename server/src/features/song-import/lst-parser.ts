import { messages } from '#shared/messages.ts';
import { hasNul } from '#shared/nul-character.ts';
import type { ImportedSongPreview } from '#shared/schemas/song-import.ts';
import { firstIssueMessage } from '#shared/schemas/human-errors.ts';
import { SongInput } from '#shared/schemas/song.ts';
import type { ParsedSongs } from './csv-parser.ts';

/** " - " with a hyphen, en dash or em dash (phones turn the hyphen into a dash). */
const DASH_SEPARATOR = /\s+[-–—]\s+/g;

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

/** One song per line; blank lines and lines starting with # are skipped. */
export function parseSongList(text: string): ParsedSongs {
  const rows: ImportedSongPreview[] = [];
  const errors: ParsedSongs['errors'] = [];
  let totalRows = 0;
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const lineText = raw.trim();
    if (lineText === '' || lineText.startsWith('#')) return;
    totalRows++;
    const line = index + 1;
    // PostgreSQL cannot store a NUL: this line is refused, the rest of the file still imports.
    if (hasNul(lineText)) {
      errors.push({ line, reason: messages.importRowHasNul });
      return;
    }
    const parts = splitLine(lineText);
    if (!parts) {
      errors.push({ line, reason: messages.lstLineInvalid });
      return;
    }
    const parsed = SongInput.safeParse({ title: parts[0], artist: parts[1] });
    if (!parsed.success) {
      errors.push({ line, reason: firstIssueMessage(parsed.error) });
      return;
    }
    const { title, artist, genres, moods, year } = parsed.data;
    rows.push({ line, title, artist, genres, moods, year });
  });
  return { totalRows, rows, errors };
}
