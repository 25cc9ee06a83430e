/**
 * The song file thread's program (started by song-file-reader.ts): parses the CSV and LST files
 * of imports, several at once, each pulled from the server's thread a chunk at a time as the
 * parser needs it. Built as its own entry of the server bundle (scripts/build-server.ts).
 */
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { HttpError } from '#server/http/errors.ts';
import { parseSongFile, summariseSongFile } from './song-file.ts';
import type { FromThread, ToThread } from './song-file-protocol.ts';

type Delivery = Extract<ToThread, { type: 'text' | 'end' | 'abort' }>;

/** Rows of an upload a message carries: each is copied as it crosses, in steps of this size. */
const ROWS_PER_MESSAGE = 1000;

const port = parentPort!;
/** Each file's pending pull: what the server's thread sends next for it. */
const pulls = new Map<number, (delivery: Delivery) => void>();
const send = (message: FromThread) => port.postMessage(message);

class Aborted extends Error {}

/**
 * The thread yields the CPU to every other one of the machine when they compete: the event
 * loop answering the audience comes before an import, which can wait a little. Linux gives
 * each thread its own nice value (its id is the last part of /proc/thread-self), 10 above the
 * process's here; elsewhere the thread runs at the process's priority.
 */
const NICER_BY = 10;
try {
  const thread = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
  setPriority(thread, Math.min(19, getPriority(thread) + NICER_BY));
} catch {
  // Not Linux: the process's priority.
}

port.on('message', (message: ToThread) => {
  if (message.type === 'start') void read(message);
  else pulls.get(message.id)?.(message);
});

/** The file's text as the server's thread reads it from the upload. */
async function* textOf(id: number): AsyncGenerator<string> {
  for (;;) {
    const next = await new Promise<Delivery>((resolve) => {
      pulls.set(id, resolve);
      send({ type: 'more', id });
    });
    pulls.delete(id);
    if (next.type === 'end') return;
    if (next.type === 'abort') throw new Aborted();
    yield next.text;
  }
}

async function read({ id, format, summary }: Extract<ToThread, { type: 'start' }>) {
  try {
    const parsed = await parseSongFile(format, textOf(id));
    if (summary) {
      send({ type: 'summary', id, summary: summariseSongFile(parsed) });
      return;
    }
    for (let start = 0; start < parsed.rows.length; start += ROWS_PER_MESSAGE) {
      send({ type: 'rows', id, rows: parsed.rows.slice(start, start + ROWS_PER_MESSAGE) });
    }
    send({ type: 'read', id, totalRows: parsed.totalRows, errors: parsed.errors });
  } catch (error) {
    // An aborted file's answer is already given (the upload's own error).
    if (error instanceof Aborted) return;
    if (error instanceof HttpError) {
      const { statusCode: status, message: detail, headers } = error;
      send({ type: 'refused', id, status, detail, headers });
    } else {
      send({ type: 'failed', id, message: String((error as Error)?.message ?? error) });
    }
  } finally {
    pulls.delete(id);
  }
}
