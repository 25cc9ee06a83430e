/**
 * A consistent copy of the live database while the server keeps writing: `VACUUM INTO` reads one
 * snapshot (a WAL read transaction, which never blocks the writer, nor is blocked by it) and
 * writes it out compacted. SQLite's backup API would start again each time another process
 * commits, and the server commits all the time.
 */
import { closeSync, fsyncSync, openSync, renameSync, rmSync, statSync, existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

export interface BackupResult {
  targetFile: string;
  bytes: number;
}

/**
 * Copies `sourceFile` to `targetFile` (which must not exist). The copy is written beside the
 * target under another name, checked, flushed to the disk and only then renamed, so a backup
 * interrupted half way never looks like a whole one.
 */
export function backupDatabase(sourceFile: string, targetFile: string): BackupResult {
  if (!existsSync(sourceFile)) throw new Error(`There is no database at ${sourceFile}`);
  if (existsSync(targetFile)) {
    throw new Error(`${targetFile} exists already: name a new file, or remove that one first`);
  }
  const partial = `${targetFile}.partial-${process.pid}`;
  const source = new DatabaseSync(sourceFile, { timeout: 10_000 });
  try {
    source.prepare('VACUUM INTO ?').run(partial);
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  } finally {
    source.close();
  }
  try {
    checkIntegrity(partial);
    flush(partial);
    renameSync(partial, targetFile);
    flush(dirname(targetFile));
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  }
  return { targetFile, bytes: statSync(targetFile).size };
}

function checkIntegrity(file: string): void {
  const copy = new DatabaseSync(file, { readOnly: true });
  try {
    const result = copy.prepare('PRAGMA integrity_check').all();
    if (result.length !== 1 || result[0]?.integrity_check !== 'ok') {
      throw new Error(`The copy failed SQLite's integrity check: ${JSON.stringify(result)}`);
    }
  } finally {
    copy.close();
  }
}

// VACUUM INTO leaves its output to the operating system's cache; a backup is meant to survive.
function flush(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
