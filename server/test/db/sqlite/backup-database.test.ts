/**
 * A backup taken while another process writes is a whole database holding a prefix of what was
 * written; the backup script finds the database where the server keeps it, and says what to do
 * when there is none.
 */
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { backupDatabase } from '#server/db/sqlite/backup-database.ts';
import { sqliteFileIn } from '#server/db/sqlite/open-sqlite.ts';
import { tempSqliteFolder } from './temp-sqlite.ts';

const root = join(import.meta.dirname, '../../../..');
const dir = tempSqliteFolder();

function rowIds(file: string): number[] {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    expect(db.prepare('PRAGMA integrity_check').all()).toEqual([{ integrity_check: 'ok' }]);
    return db
      .prepare('select id, note from rows order by id')
      .all()
      .map((row) => {
        expect(row.note).toBe(`row ${row.id}`);
        return Number(row.id);
      });
  } finally {
    db.close();
  }
}

/** Starts the writer and resolves once it is writing; returns how to stop it. */
async function startWriter(file: string) {
  const child = spawn(
    process.execPath,
    [join(import.meta.dirname, 'fixtures/write-rows.ts'), file],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('writing')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the writer exited (${code})`)));
  });
  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };
}

describe('backupDatabase', () => {
  it('copies a database another process keeps writing: whole, and a prefix of the rows', async () => {
    const source = join(dir, 'live.sqlite');
    const stop = await startWriter(source);
    let copies: number[][];
    try {
      copies = [1, 2, 3].map((n) => {
        const target = join(dir, `copy-${n}.sqlite`);
        backupDatabase(source, target);
        return rowIds(target);
      });
    } finally {
      await stop();
    }
    const written = rowIds(source);
    // The writer went on after the first copy: the copies were taken while it wrote.
    expect(written.length).toBeGreaterThan(copies[0]!.length);
    for (const ids of copies) {
      expect(ids.length).toBeGreaterThanOrEqual(200);
      expect(ids).toEqual(written.slice(0, ids.length));
    }
  });

  it('refuses to overwrite a file, and leaves nothing behind when it fails', () => {
    const source = join(dir, 'small.sqlite');
    const db = new DatabaseSync(source);
    db.exec('create table rows (id INTEGER primary key, note TEXT)');
    db.close();
    const taken = join(dir, 'taken.sqlite');
    writeFileSync(taken, 'something else');
    expect(() => backupDatabase(source, taken)).toThrow(/exists already/);
    expect(() => backupDatabase(join(dir, 'none.sqlite'), join(dir, 'x.sqlite'))).toThrow(
      /There is no database/,
    );
  });
});

describe('npm run backup', () => {
  function runBackup(args: string[], env: Record<string, string>) {
    const { DATABASE_URL: _, ...rest } = process.env;
    return spawnSync(process.execPath, ['scripts/backup.ts', ...args], {
      cwd: root,
      env: { ...rest, ...env },
      encoding: 'utf8',
    });
  }

  it('copies the database of DATA_DIR to the file named', async () => {
    const dataDir = join(dir, 'data');
    await mkdir(dataDir);
    const db = new DatabaseSync(sqliteFileIn(dataDir));
    db.exec(
      "create table rows (id INTEGER primary key, note TEXT); insert into rows values (1, 'row 1')",
    );
    db.close();
    const target = join(dir, 'nightly.sqlite');
    const result = runBackup([target], { DATA_DIR: dataDir });
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain(`Backed up ${sqliteFileIn(dataDir)} to ${target}`);
    expect(rowIds(target)).toEqual([1]);
  });

  it('says where it looked when there is no embedded database, and points PostgreSQL to pg_dump', () => {
    const empty = runBackup([join(dir, 'b.sqlite')], { DATA_DIR: join(dir, 'nothing-here') });
    expect(empty.status).toBe(1);
    expect(empty.stderr).toContain(`There is no embedded database in ${join(dir, 'nothing-here')}`);
    const postgres = runBackup([join(dir, 'c.sqlite')], {
      DATABASE_URL: 'postgres://example/db',
    });
    expect(postgres.status).toBe(1);
    expect(postgres.stderr).toContain('pg_dump');
  });
});
