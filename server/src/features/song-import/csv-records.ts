import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse, type Options } from 'csv-parse';

/** One record of the file with the line count at its end (for the row's line number). */
export interface CsvRecord {
  record: string[];
  info: { lines: number };
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
  const source = Readable.from(text);
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
