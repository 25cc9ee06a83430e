import { setImmediate as nextTurn } from 'node:timers/promises';
import { parse, type Options } from 'csv-parse';

/** One record of the file with the line count at its end (for the row's line number). */
export interface CsvRecord {
  record: string[];
  info: { lines: number };
}

/** Characters parsed between two turns of the event loop: about a thousand rows of songs. */
const CHARS_PER_TURN = 64 * 1024;

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/**
 * The records of a CSV text: csv-parse's streaming parser fed a slice at a time, with a turn of
 * the event loop between slices, so a 5 MB file does not hold every other request while it is
 * read. Same records as its sync API; rejects with the parser's error when the text is not CSV.
 */
export async function readCsvRecords(text: string, options: Options): Promise<CsvRecord[]> {
  const parser = parse({ ...options, info: true });
  const records: CsvRecord[] = [];
  let failed = false;
  parser.on('readable', () => {
    for (let record: CsvRecord | null; (record = parser.read() as CsvRecord | null) !== null;) {
      records.push(record);
    }
  });
  const finished = new Promise<void>((resolve, reject) => {
    parser.on('end', resolve);
    parser.on('error', (error) => {
      failed = true;
      reject(error);
    });
  });
  for (let start = 0; start < text.length && !failed;) {
    let end = Math.min(start + CHARS_PER_TURN, text.length);
    // Never cut a character in two: each slice is encoded to UTF-8 on its own.
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end++;
    parser.write(text.slice(start, end));
    start = end;
    await nextTurn();
  }
  if (!failed) parser.end();
  await finished;
  return records;
}
