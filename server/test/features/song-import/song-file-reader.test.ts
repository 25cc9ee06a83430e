import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '#shared/messages.ts';
import { HttpError } from '#server/http/errors.ts';
import { parseSongFile, summariseSongFile } from '#server/features/song-import/song-file.ts';
import {
  songFileReader,
  type SongFileReader,
} from '#server/features/song-import/song-file-reader.ts';

/** A file's text as an upload gives it: chunk by chunk (small ones, so the thread asks often). */
async function* chunksOf(text: string, size = 4000): AsyncGenerator<string> {
  for (let start = 0; start < text.length; start += size) yield text.slice(start, start + size);
}

/**
 * 2,500 rows, more than one message of rows back: every 500th from the 8th bad, the last 100
 * repeating the first 100 (99 repeats: the 8th was bad, so the 2,408th is its song's first).
 */
const csv = () => {
  const lines = ['Title,Artist,Year'];
  for (let n = 0; n < 2500; n++) {
    if (n % 500 === 7) lines.push(`Bad year ${n},Band,nineteen`);
    else lines.push(`Song ${n % 2400},Band ${(n % 2400) % 7},1999`);
  }
  return `${lines.join('\n')}\n`;
};
/** The same as a song list: the bad lines have no dash. */
const lst = () => {
  const lines: string[] = [];
  for (let n = 0; n < 2500; n++) {
    lines.push(n % 500 === 7 ? `No dash ${n}` : `Song ${n % 2400} - Band ${(n % 2400) % 7}`);
  }
  return `${lines.join('\n')}\n`;
};

/** What the server's own thread makes of the file. */
const parsedHere = (format: 'csv' | 'lst', text: string) => parseSongFile(format, chunksOf(text));

/** A thread program that asks for the first chunk and dies when it comes. */
const DIES_MID_FILE = new URL(
  `data:text/javascript,${encodeURIComponent(`
    import { parentPort } from 'node:worker_threads';
    parentPort.on('message', (message) => {
      if (message.type === 'start') parentPort.postMessage({ type: 'more', id: message.id });
      else throw new Error('the thread broke');
    });`)}`,
);

/** Threads of this process at the song file thread's nice value: 10 above the process's. */
const niceThreads = () =>
  readdirSync('/proc/self/task').filter((task) => {
    const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
    // The fields after the command's closing parenthesis; nice is the 19th field of the line.
    const nice = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    return nice === Math.min(19, getPriority() + 10);
  }).length;

const readers: SongFileReader[] = [];
const reader = (options?: Parameters<typeof songFileReader>[0]) => {
  const made = songFileReader(options);
  readers.push(made);
  return made;
};
afterEach(async () => {
  await Promise.all(readers.splice(0).map((made) => made.close()));
  vi.restoreAllMocks();
});

describe('the song file thread', () => {
  it('reads a preview and an upload as the server thread would, then ends when idle', async () => {
    const files = reader({ idleMs: 1 });
    expect(files.threads).toBe(0);
    const summary = files.summarise('csv', chunksOf(csv()));
    expect(files.threads).toBe(1);
    expect(await summary).toEqual(summariseSongFile(await parsedHere('csv', csv())));
    expect((await summary).repeats).toBe(99);

    const read = await files.read('lst', chunksOf(lst()));
    expect(read).toEqual(await parsedHere('lst', lst()));
    expect(read.rows).toHaveLength(2495);
    await vi.waitFor(() => expect(files.threads).toBe(0));
  });

  it('answers with the parser’s sentence, and with the upload’s own error as it is', async () => {
    const files = reader();
    await expect(files.summarise('csv', chunksOf('Name,Year\nA,1999\n'))).rejects.toEqual(
      new HttpError(400, messages.csvColumnsMissing),
    );
    const tooLarge = new HttpError(413, messages.importFileTooLarge, { connection: 'close' });
    async function* overCap() {
      yield 'Title,Artist\nOne,Band\n';
      throw tooLarge;
    }
    await expect(files.read('csv', overCap())).rejects.toBe(tooLarge);
    // The thread lives on for the next file.
    expect((await files.read('lst', chunksOf('A - B\n'))).rows).toHaveLength(1);
    expect(files.threads).toBe(1);
  });

  it.runIf(process.platform === 'linux')(
    'runs below the event loop’s priority, so requests get the CPU first',
    async () => {
      const before = niceThreads();
      const files = reader();
      await files.summarise('lst', chunksOf('A - B\n'));
      expect(files.threads).toBe(1);
      expect(niceThreads()).toBe(before + 1);
    },
  );

  it('stops reading the upload at the row cap', async () => {
    const files = reader();
    let chunksRead = 0;
    const lines = Array.from({ length: 12_000 }, (_, n) => `Song ${n} - Band`).join('\n');
    async function* counted() {
      for await (const chunk of chunksOf(lines, 1000)) {
        chunksRead++;
        yield chunk;
      }
    }
    const summary = await files.summarise('lst', counted());
    expect(summary.validRows).toBe(10_000);
    // About 169,000 of 205,000 characters: the last 35 or so chunks were never read.
    expect(chunksRead).toBeLessThan(200);
  });
});

describe('when the thread fails', () => {
  it('reads the file again here, whole, when the thread dies halfway', async () => {
    const files = reader({ threadUrl: DIES_MID_FILE });
    expect(await files.summarise('csv', chunksOf(csv()))).toEqual(
      summariseSongFile(await parsedHere('csv', csv())),
    );
    expect(await files.read('lst', chunksOf(lst()))).toEqual(await parsedHere('lst', lst()));
  });

  it('reads files here for good once threads cannot start, and says so once', async () => {
    const warning = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
    const files = reader({ threadUrl: new URL('./no-such-thread.js', import.meta.url) });
    for (let n = 0; n < 4; n++) {
      expect(await files.read('lst', chunksOf(lst()))).toEqual(await parsedHere('lst', lst()));
    }
    expect(files.threads).toBe(0);
    expect(warning).toHaveBeenCalledOnce();
    expect(String(warning.mock.calls[0]![0])).toMatch(/^Song files are read on the main thread/);
  });
});
