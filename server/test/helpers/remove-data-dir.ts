import { rm } from 'node:fs/promises';

/**
 * Removes a test's data folder: the SQLite database, its -wal and -shm files, and the lock file
 * the server keeps inside it (db/data-dir-lock.ts).
 */
export async function removeDataDir(dataDir: string): Promise<void> {
  await rm(dataDir, { recursive: true, force: true });
}
