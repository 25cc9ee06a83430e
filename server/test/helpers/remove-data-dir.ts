import { rm } from 'node:fs/promises';

/**
 * Removes a test's embedded database folder and the lock file the server keeps beside it
 * (db/data-dir-lock.ts: beside, not in, so PGlite's folder holds PostgreSQL's files only). The
 * folder's removal alone left one `<folder>.lock` in the system's temporary folder a test.
 */
export async function removeDataDir(dataDir: string): Promise<void> {
  await rm(dataDir, { recursive: true, force: true });
  await rm(`${dataDir}.lock`, { force: true });
}
