import type { ImportRowError } from '#shared/schemas/song-import.ts';
import type { ParsedSong } from './csv-parser.ts';
import type { SongFileFormat, SongFileSummary } from './song-file.ts';

/**
 * The messages between the server's thread and the song file thread (song-file-thread.ts). The
 * thread pulls a file's text a chunk at a time ('more'), so it never holds more than it parses
 * and the upload is read no faster than it is parsed; it stops pulling at the row cap.
 */
export type ToThread =
  /** Read a file: its summary for a preview, or every row for an upload. */
  | { type: 'start'; id: number; format: SongFileFormat; summary: boolean }
  | { type: 'text'; id: number; text: string }
  | { type: 'end'; id: number }
  /** The upload failed (over the size cap, cut off): the thread drops the file. */
  | { type: 'abort'; id: number };

export type FromThread =
  | { type: 'more'; id: number }
  /** An upload's valid rows, a batch at a time before its 'read'. */
  | { type: 'rows'; id: number; rows: ParsedSong[] }
  | { type: 'summary'; id: number; summary: SongFileSummary }
  | { type: 'read'; id: number; totalRows: number; errors: ImportRowError[] }
  /** The file was refused with a sentence (an HttpError of the parsers). */
  | {
      type: 'refused';
      id: number;
      status: number;
      detail: string;
      headers: Record<string, string>;
    }
  /** Anything else went wrong: a 500, as it would be in the server's thread. */
  | { type: 'failed'; id: number; message: string };
