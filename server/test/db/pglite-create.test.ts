/**
 * A new embedded database is created by a process of its own (pglite-create.ts), so the
 * gigabyte of WebAssembly memory creating it takes leaves with that process.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/database.ts';
import { startPgliteThread } from '#server/db/pglite-thread.ts';
import { rowsOf } from '#server/db/rows-of.ts';
import { removeDataDir } from '../helpers/remove-data-dir.ts';

const folders: string[] = [];
const newFolder = async () => {
  const folder = await mkdtemp(join(tmpdir(), 'songreq-create-'));
  folders.push(folder);
  return folder;
};
afterEach(() => Promise.all(folders.splice(0).map(removeDataDir)));

describe('creating the embedded database', { timeout: 60_000 }, () => {
  it('creates and migrates a new folder, then opens it', async () => {
    const dataDir = await newFolder();
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
      const result = await database.db.execute(sql`select count(*)::int as n from musicians`);
      expect(rowsOf<{ n: number }>(result)).toEqual([{ n: 0 }]);
    } finally {
      await database.close();
    }
  });

  it('says what went wrong when PostgreSQL cannot start, in one line', async () => {
    const dataDir = await newFolder();
    const opening = startPgliteThread({ dataDir, settings: ['shared_buffers=banana'] });
    await expect(opening).rejects.toThrow(
      new RegExp(`^the embedded database could not be created in ${dataDir}: PGlite failed`),
    );
    await opening.catch((err: Error) => expect(err.message).not.toContain('\n'));
  });

  it('stops when the server that started it ends, as the lock on the folder ends with the server', async () => {
    const dataDir = await newFolder();
    const creator = spawn(
      process.execPath,
      [join(import.meta.dirname, '../../src/db/pglite-create.ts'), dataDir, '[]'],
      { stdio: ['pipe', 'ignore', 'ignore'] },
    );
    const exited = new Promise<number | null>((resolve) => creator.once('exit', resolve));
    // What the server's end does to the pipe.
    creator.stdin.end();
    expect(await exited).toBe(1);
  });
});
