import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { pipeline } from 'node:stream/promises';
import { parse, type Options } from 'csv-parse';

/** One record of the file with the line count at its end (for the row's line number). */
export interface CsvRecord {
  record: string[];
  info: { lines: number };
}

/** Characters parsed in one go (a few hundred rows of songs): the parser works a slice at a time. */
const CHARS_PER_TURN = 8 * 1024;

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/**
 * The text in slices of CHARS_PER_TURN with a turn of the event loop between them: the parser
 * reads a whole slice before anything else runs, and an upload's chunks can be 64 KB or more.
 */
async function* slices(text: AsyncIterable<string>): AsyncGenerator<string> {
  for await (const chunk of text) {
    for (let start = 0; start < chunk.length;) {
      let end = Math.min(start + CHARS_PER_TURN, chunk.length);
      // Never cut a character in two: each slice is encoded to UTF-8 on its own.
      if (end < chunk.length && isHighSurrogate(chunk.charCodeAt(end - 1))) end++;
      yield chunk.slice(start, end);
      start = end;
      await nextTurn();
    }
  }
}

/**
 * The records of a CSV text as it arrives: csv-parse in streaming mode, fed the upload's text
 * chunk by chunk, so only what the reader has not yet consumed is held. A reader that stops
 * early stops the parser and the upload under it. Throws the parser's error when the text is not
 * CSV, and the source's own error (a file over the size cap) as it is.
 */
export async function* csvRecords(
  text: AsyncIterable<string>,
  options: Options,
): AsyncGenerator<CsvRecord> {
  const parser = parse({ ...options, info: true });
  const source = Readable.from(slices(text));
  let sourceError: unknown;
  const piped = pipeline(source, parser).catch((error: unknown) => {
    sourceError = error;
  });
  try {
    for await (const record of parser as AsyncIterable<CsvRecord>) yield record;
  } catch (error) {
    throw sourceError ?? error;
  } finally {
    source.destroy();
    parser.destroy();
    await piped;
  }
  if (sourceError) throw sourceError;
}
