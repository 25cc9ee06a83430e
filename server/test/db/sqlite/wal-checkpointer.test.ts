import { statSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { walCheckpointer, type WalCheckpointer } from '#server/db/sqlite/wal-checkpointer.ts';
import { tempSqliteFolder } from './temp-sqlite.ts';

const dir = tempSqliteFolder();
let counter = 0;
const opened: { db: DatabaseSync; checkpoints: WalCheckpointer }[] = [];

/** A database and its checkpointer as the server has them once started (settled). */
function openWithCheckpointer(file?: string, { settled = true } = {}) {
  counter += 1;
  const path = join(dir, `checkpoints-${counter}.sqlite`);
  const db = new DatabaseSync(path);
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL');
  db.exec('CREATE TABLE rows (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
  const checkpoints = walCheckpointer(file ?? path, db, { delayMs: 5, idleMs: 400 });
  if (settled) checkpoints.settle();
  opened.push({ db, checkpoints });
  return { db, checkpoints, path };
}

/** Commits `count` rows of 2 KB, one a transaction, telling the checkpointer as the app does. */
function write(db: DatabaseSync, checkpoints: WalCheckpointer, count: number) {
  const insert = db.prepare('INSERT INTO rows (body) VALUES (?)');
  for (let n = 0; n < count; n += 1) {
    insert.run('x'.repeat(2048));
    checkpoints.wrote();
  }
}

const autocheckpoint = (db: DatabaseSync) =>
  Number(db.prepare('PRAGMA wal_autocheckpoint').get()?.wal_autocheckpoint);

afterEach(async () => {
  for (const { db, checkpoints } of opened.splice(0)) {
    await checkpoints.close();
    db.close();
  }
});

describe('the WAL checkpointer', () => {
  it('leaves start-up to the connection, then checkpoints what it wrote and takes over', () => {
    const { db, checkpoints, path } = openWithCheckpointer(undefined, { settled: false });
    expect(autocheckpoint(db)).toBe(1000);
    const before = statSync(path).size;
    write(db, checkpoints, 20);
    expect(checkpoints.running).toBe(false);
    expect(statSync(path).size).toBe(before);

    checkpoints.settle();
    // Copied into the file on this thread, and the WAL started over: no thread was needed.
    expect(statSync(path).size).toBeGreaterThan(before + 20 * 2048);
    expect(statSync(`${path}-wal`).size).toBe(0);
    expect(checkpoints.running).toBe(false);
    expect(autocheckpoint(db)).toBe(0);
  });

  it('takes checkpoints off the connection and copies the WAL into the file from its thread', async () => {
    const { db, checkpoints, path } = openWithCheckpointer();
    expect(autocheckpoint(db)).toBe(0);
    const before = statSync(path).size;

    write(db, checkpoints, 200);
    // Written to the WAL only: nothing reaches the database file until a checkpoint copies it.
    expect(statSync(path).size).toBe(before);
    await vi.waitFor(() => expect(statSync(path).size).toBeGreaterThan(before + 200 * 2048), {
      timeout: 5000,
    });
  });

  it('ends its thread after a quiet spell and starts another at the next write', async () => {
    const { db, checkpoints, path } = openWithCheckpointer();
    write(db, checkpoints, 10);
    await vi.waitFor(() => expect(checkpoints.running).toBe(true), { timeout: 5000 });
    await vi.waitFor(() => expect(checkpoints.running).toBe(false), { timeout: 5000 });

    const settled = statSync(path).size;
    write(db, checkpoints, 50);
    await vi.waitFor(() => expect(statSync(path).size).toBeGreaterThan(settled + 50 * 2048), {
      timeout: 5000,
    });
  });

  it('hands checkpoints back to the connection when its thread cannot open the file', async () => {
    const warnings = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    try {
      const { db, checkpoints } = openWithCheckpointer(join(dir, 'no-such-folder', 'x.sqlite'));
      write(db, checkpoints, 1);
      await vi.waitFor(() => expect(autocheckpoint(db)).toBe(1000), { timeout: 5000 });
      expect(String(warnings.mock.calls[0]?.[0])).toMatch(/WAL checkpoints are back/);
    } finally {
      warnings.mockRestore();
    }
  });

  it('closes after the checkpoint under way, leaving the file whole', async () => {
    const { db, checkpoints, path } = openWithCheckpointer();
    write(db, checkpoints, 100);
    await checkpoints.close();
    expect(checkpoints.running).toBe(false);
    db.close();
    const reopened = new DatabaseSync(path);
    expect(reopened.prepare('PRAGMA integrity_check').get()?.integrity_check).toBe('ok');
    expect(reopened.prepare('SELECT count(*) AS n FROM rows').get()?.n).toBe(100);
    reopened.close();
    opened.pop();
  });
});
