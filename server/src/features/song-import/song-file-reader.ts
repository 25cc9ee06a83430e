/**
 * Reads the CSV and LST files of imports on a thread of their own (song-file-thread.ts), so that
 * parsing and validating up to 10,000 rows a file does not hold the event loop every other
 * request waits on: four big previews at once parsed here slowed the audience's reads several
 * times over (docs/benchmarks.md, "Import memory").
 *
 * The upload is still read here (the multipart parser, the size cap, the text's encoding); its
 * text goes to the thread a chunk at a time as the parser asks for it, so reading stops at the
 * row cap as before and nothing more than the parser needs is held. Text is copied across, not
 * transferred: the decoded chunks are small strings, and the bytes under them share buffers
 * with the socket's.
 *
 * The thread runs at a lower priority than the event loop (song-file-thread.ts). Threads start
 * at the first file and end after a quiet spell (each costs about 20 MB while it lives). Should
 * one die, its files are read again here from their start (pulled-text.ts) and the next file
 * starts another; should threads keep failing before any file is read (a broken install),
 * files are read here from then on, as they were before.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { HttpError } from '#server/http/errors.ts';
import type { ParsedSong, ParsedSongs } from './csv-parser.ts';
import { pulledText, type PulledText } from './pulled-text.ts';
import {
  parseSongFile,
  summariseSongFile,
  type SongFileFormat,
  type SongFileSummary,
} from './song-file.ts';
import type { FromThread, ToThread } from './song-file-protocol.ts';
import type { UploadText } from './upload-reader.ts';

export interface SongFileReaderOptions {
  /** The thread's program: by default the one beside this module, built or not. */
  threadUrl?: URL;
  /** Threads at most (they start as files come in, one more only while all are busy). */
  threads?: number;
  /** A thread with no file for this long ends. */
  idleMs?: number;
}

export interface SongFileReader {
  /** What a preview shows of the file. */
  summarise(format: SongFileFormat, text: UploadText): Promise<SongFileSummary>;
  /** Every valid row of the file, for an upload. */
  read(format: SongFileFormat, text: UploadText): Promise<ParsedSongs>;
  /** Ends the threads; a file still being read is finished here. */
  close(): Promise<void>;
  /** Threads alive now. */
  readonly threads: number;
}

/** One thread, or two where there are cores to spare: the event loop keeps one. */
const THREADS = Math.max(1, Math.min(2, availableParallelism() - 1));
/** Threads that die in a row before one reads a file: threads do not work in this process. */
const FAILURES_BEFORE_GIVING_UP = 3;

/** Under Node and Vitest the module is the source; in the bundle, its built entry beside it. */
const threadBesideThisModule = () =>
  new URL(
    import.meta.url.endsWith('.ts') ? './song-file-thread.ts' : './song-file-thread.js',
    import.meta.url,
  );

interface Job {
  id: number;
  format: SongFileFormat;
  summary: boolean;
  upload: PulledText;
  /** An upload's rows received so far. */
  rows: ParsedSong[];
  resolve(value: SongFileSummary | ParsedSongs): void;
  reject(error: unknown): void;
}

interface FileThread {
  worker: Worker;
  jobs: Map<number, Job>;
  idleTimer?: NodeJS.Timeout;
  /** Ended on purpose (idle, or the reader closed): not a failure. */
  retiring: boolean;
  /** Why it failed, when it did. */
  error?: string;
}

export function songFileReader({
  threadUrl = threadBesideThisModule(),
  threads: size = THREADS,
  idleMs = 10_000,
}: SongFileReaderOptions = {}): SongFileReader {
  const threads: FileThread[] = [];
  let nextId = 0;
  let failuresInARow = 0;
  /** Files are read on this thread: threads failed, or the reader closed. */
  let here = false;

  const post = (thread: FileThread, message: ToThread) => thread.worker.postMessage(message);

  const giveUp = (reason: string) => {
    if (here) return;
    here = true;
    process.emitWarning(`Song files are read on the main thread again: ${reason}`);
  };

  function start(): FileThread | undefined {
    let worker: Worker;
    try {
      worker = new Worker(threadUrl, { resourceLimits: { maxOldGenerationSizeMb: 128 } });
    } catch (error) {
      giveUp((error as Error).message);
      return undefined;
    }
    const thread: FileThread = { worker, jobs: new Map(), retiring: false };
    worker.on('message', (message: FromThread) => receive(thread, message));
    worker.on(
      'error',
      (error: unknown) => (thread.error = String((error as Error)?.message ?? error)),
    );
    worker.once('exit', (code) => ended(thread, code));
    threads.push(thread);
    return thread;
  }

  /** The thread with the fewest files, or a new one while all are busy and there is room. */
  function pick(): FileThread | undefined {
    const least = threads.reduce<FileThread | undefined>(
      (best, thread) => (!best || thread.jobs.size < best.jobs.size ? thread : best),
      undefined,
    );
    if (least && (least.jobs.size === 0 || threads.length >= size)) return least;
    return start() ?? least;
  }

  function retire(thread: FileThread): Promise<number> {
    thread.retiring = true;
    clearTimeout(thread.idleTimer);
    const index = threads.indexOf(thread);
    if (index >= 0) threads.splice(index, 1);
    return thread.worker.terminate();
  }

  function idleIfEmpty(thread: FileThread): void {
    if (thread.jobs.size > 0 || thread.retiring) return;
    // Waiting for a file keeps the process up; waiting for nothing does not.
    thread.worker.unref();
    clearTimeout(thread.idleTimer);
    thread.idleTimer = setTimeout(() => {
      if (thread.jobs.size === 0) void retire(thread);
    }, idleMs).unref();
  }

  function ended(thread: FileThread, code: number): void {
    const index = threads.indexOf(thread);
    if (index >= 0) threads.splice(index, 1);
    clearTimeout(thread.idleTimer);
    if (!thread.retiring) {
      failuresInARow++;
      if (failuresInARow >= FAILURES_BEFORE_GIVING_UP) {
        giveUp(thread.error ?? `the thread exited with code ${code}`);
      }
    }
    const orphans = [...thread.jobs.values()];
    thread.jobs.clear();
    for (const job of orphans) readHere(job, job.upload.replay());
  }

  function receive(thread: FileThread, message: FromThread): void {
    const job = thread.jobs.get(message.id);
    if (!job) return;
    switch (message.type) {
      case 'more':
        return pull(thread, job);
      case 'rows':
        for (const row of message.rows) job.rows.push(row);
        return;
      case 'summary':
        return finish(thread, job, () => job.resolve(message.summary));
      case 'read': {
        const { totalRows, errors } = message;
        return finish(thread, job, () => job.resolve({ totalRows, rows: job.rows, errors }));
      }
      case 'refused': {
        const error = new HttpError(message.status, message.detail, message.headers);
        return finish(thread, job, () => job.reject(error));
      }
      case 'failed':
        return finish(thread, job, () => job.reject(new Error(message.message)));
    }
  }

  /** The thread asks for the file's next chunk: read from the upload, here. */
  function pull(thread: FileThread, job: Job): void {
    const mine = () => thread.jobs.get(job.id) === job;
    job.upload.pull().then(
      (next) => {
        if (!mine()) return;
        post(
          thread,
          next.done ? { type: 'end', id: job.id } : { type: 'text', id: job.id, text: next.value },
        );
      },
      (error: unknown) => {
        if (!mine()) return;
        thread.jobs.delete(job.id);
        post(thread, { type: 'abort', id: job.id });
        idleIfEmpty(thread);
        job.reject(error);
      },
    );
  }

  /** The thread is done with the file: the upload is read no further, then the answer. */
  function finish(thread: FileThread, job: Job, settle: () => void): void {
    thread.jobs.delete(job.id);
    failuresInARow = 0;
    idleIfEmpty(thread);
    job.upload.stop().then(settle, settle);
  }

  function readHere(job: Job, text: UploadText): void {
    job.rows = [];
    parseSongFile(job.format, text).then(
      (parsed) => job.resolve(job.summary ? summariseSongFile(parsed) : parsed),
      job.reject,
    );
  }

  function readFile(
    format: SongFileFormat,
    text: UploadText,
    summary: boolean,
  ): Promise<SongFileSummary | ParsedSongs> {
    return new Promise((resolve, reject) => {
      const job: Job = {
        id: nextId++,
        format,
        summary,
        upload: pulledText(text),
        rows: [],
        resolve,
        reject,
      };
      const thread = here ? undefined : pick();
      if (!thread) return readHere(job, text);
      clearTimeout(thread.idleTimer);
      thread.worker.ref();
      thread.jobs.set(job.id, job);
      post(thread, { type: 'start', id: job.id, format, summary });
    });
  }

  return {
    summarise: (format, text) => readFile(format, text, true) as Promise<SongFileSummary>,
    read: (format, text) => readFile(format, text, false) as Promise<ParsedSongs>,
    async close() {
      here = true;
      await Promise.all([...threads].map(retire));
    },
    get threads() {
      return threads.length;
    },
  };
}
