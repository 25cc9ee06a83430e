import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from './migrations-folder.ts';

/**
 * Opens PGlite on `dataDir` (in memory when undefined) and brings its schema up to date.
 *
 * `template`, in memory only, is a data folder dumped by PGlite's `dumpDataDir` (the test suite
 * makes one, migrated, per run): the database starts as a copy of it, in about 0.4 s, where a new
 * one runs initdb for 2-3 s of CPU.
 */
export async function openPglite(
  dataDir: string | undefined,
  settings: string[],
  template?: string,
): Promise<PGlite> {
  const startParams = [...PGlite.defaultStartParams, ...settings.flatMap((s) => ['-c', s])];
  // (One options object: PGlite 0.5 ignores loadDataDir when the data folder is an argument.)
  const pglite =
    template && dataDir === undefined
      ? new PGlite({ loadDataDir: new Blob([await readFile(template)]), startParams })
      : new PGlite(dataDir, { startParams });
  await pglite.waitReady;
  await migrate(drizzle(pglite), { migrationsFolder });
  return pglite;
}

/**
 * Sends protocol messages to PGlite; resolves with everything it answered (a copy).
 *
 * Through `execProtocolRawStream`, not `execProtocolRaw`: without a callback of our own PGlite
 * parses every answer into message objects and appends them to a list that only its own
 * `execProtocol` ever empties (PGlite 0.5.16), so under `execProtocolRaw` the thread spent a
 * tenth of its time parsing answers nobody read and kept every one of them for good: a heap
 * that grew with each request and made each collection slower than the last.
 */
export async function execRaw(pglite: PGlite, bytes: Uint8Array): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  await pglite.execProtocolRawStream(bytes, {
    syncToFs: false,
    onRawData: (chunk) => {
      // A copy: the chunk is a view of PGlite's WebAssembly memory, reused by the next write.
      chunks.push(chunk.slice());
      length += chunk.length;
    },
  });
  if (chunks.length === 1) return chunks[0]!;
  const answer = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    answer.set(chunk, at);
    at += chunk.length;
  }
  return answer;
}
