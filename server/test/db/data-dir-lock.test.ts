import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from '#server/db/data-dir-lock.ts';

const parent = await mkdtemp(join(tmpdir(), 'songreq-lockfile-'));
afterAll(() => rm(parent, { recursive: true, force: true }));

describe('lockDataDir', () => {
  it('refuses a folder that is locked, naming it and the holder, until the holder releases it', async () => {
    const dataDir = join(parent, 'pglite');
    const lock = lockDataDir(dataDir);
    expect(await readFile(`${dataDir}.pid`, 'utf8')).toBe(`${process.pid}\n`);

    expect(() => lockDataDir(dataDir)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dataDir)).toThrow(
      `The data folder ${dataDir} is in use by another Song Requests server (PID ${process.pid}). Stop that server first, or start this one with another DATA_DIR.`,
    );

    lock.release();
    const again = lockDataDir(dataDir);
    again.release();
  });

  it('creates the folder that holds the lock, and leaves the data folder itself to the database', async () => {
    const dataDir = join(parent, 'new', 'deeper', 'pglite');
    const lock = lockDataDir(dataDir);
    try {
      await expect(readFile(`${dataDir}.pid`, 'utf8')).resolves.toBe(`${process.pid}\n`);
      await expect(readFile(join(dataDir, 'PG_VERSION'))).rejects.toThrow('ENOENT');
    } finally {
      lock.release();
    }
  });

  it('says which file it could not open when the lock cannot be taken at all', async () => {
    const dataDir = join(parent, 'blocked', 'pglite');
    // Whatever keeps SQLite from opening the file (here a folder where the file should be).
    await mkdir(`${dataDir}.lock`, { recursive: true });
    expect(() => lockDataDir(dataDir)).toThrow(
      `The data folder's lock file ${dataDir}.lock could not be opened (`,
    );
  });
});
