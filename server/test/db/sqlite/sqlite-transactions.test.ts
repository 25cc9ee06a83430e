/**
 * Transactions through the SQLite driver, in both commit modes: each commits or rolls back on its
 * own, a failing one leaves the others alone, and a writer holds SQLite's write lock from BEGIN.
 */
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sql, type Generated, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { groupFsyncDurability } from '#server/db/sqlite/commit-durability.ts';
import { openSqlite, type CommitMode } from '#server/db/sqlite/open-sqlite.ts';
import { createSqliteKysely } from '#server/db/sqlite/sqlite-kysely.ts';
import { StatementCache } from '#server/db/sqlite/statement-cache.ts';
import { tempKysely, tempSqliteFolder } from './temp-sqlite.ts';

interface Tables {
  songs: { id: Generated<number>; title: string };
  plays: { id: Generated<number>; songId: number };
}

const dir = tempSqliteFolder();
const open: Kysely<Tables>[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((db) => db.destroy()));
});

async function newDatabase(commits: CommitMode) {
  const { db, file } = tempKysely<Tables>(dir, commits);
  open.push(db);
  await sql`create table songs (id INTEGER primary key, title TEXT not null unique)`.execute(db);
  await sql`
    create table plays (
      id INTEGER primary key,
      song_id INTEGER not null references songs (id) deferrable initially deferred
    )`.execute(db);
  return { db, file };
}

async function titles(db: Kysely<Tables>) {
  const rows = await db.selectFrom('songs').select('title').orderBy('title').execute();
  return rows.map((r) => r.title);
}

describe.each<CommitMode>(['synchronous', 'group'])('transactions, %s commits', (commits) => {
  it('keeps a committed transaction and drops one that threw', async () => {
    const { db } = await newDatabase(commits);
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('songs').values({ title: 'Kept' }).execute();
    });
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('songs').values({ title: 'Dropped' }).execute();
        throw new Error('the rule refused it');
      }),
    ).rejects.toThrow('the rule refused it');
    expect(await titles(db)).toEqual(['Kept']);
  });

  it('runs many transactions at once, each committed or failed on its own', async () => {
    const { db } = await newDatabase(commits);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) =>
        db.transaction().execute(async (trx) => {
          const before = await trx.selectFrom('songs').select('id').execute();
          // Awaiting between statements: the others wait for this transaction, not interleave.
          await new Promise((resolve) => setImmediate(resolve));
          await trx
            .insertInto('songs')
            .values({ title: `song ${String(i).padStart(2, '0')}` })
            .execute();
          if (i % 5 === 0) throw new Error(`refused ${i}`);
          // Every other transaction has committed whole or not at all.
          const after = await trx.selectFrom('songs').select('id').execute();
          expect(after).toHaveLength(before.length + 1);
        }),
      ),
    );
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(refused).toHaveLength(12);
    const expected = Array.from({ length: 60 }, (_, i) => i)
      .filter((i) => i % 5 !== 0)
      .map((i) => `song ${String(i).padStart(2, '0')}`);
    expect(await titles(db)).toEqual(expected);
  });

  it('takes the write lock at BEGIN: another process cannot write while a transaction has only read', async () => {
    const { db, file } = await newDatabase(commits);
    const other = new DatabaseSync(file, { timeout: 0 });
    try {
      let attempt: unknown;
      await db.transaction().execute(async (trx) => {
        await trx.selectFrom('songs').selectAll().execute();
        try {
          other.exec('BEGIN IMMEDIATE');
          other.exec('ROLLBACK');
        } catch (err) {
          attempt = err;
        }
      });
      expect(attempt).toMatchObject({ errcode: 5 }); // SQLITE_BUSY
      other.exec('BEGIN IMMEDIATE');
      other.exec('ROLLBACK');
    } finally {
      other.close();
    }
  });

  it('rolls back a transaction whose COMMIT fails, and the next one runs', async () => {
    const { db } = await newDatabase(commits);
    // The foreign key is checked at COMMIT (deferred): the commit itself fails.
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('plays').values({ songId: 999 }).execute();
      }),
    ).rejects.toThrow(/FOREIGN KEY/);
    await db.transaction().execute(async (trx) => {
      const song = await trx
        .insertInto('songs')
        .values({ title: 'After' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('plays').values({ songId: song.id }).execute();
    });
    expect(await db.selectFrom('plays').select('id').execute()).toHaveLength(1);
  });

  it('rolls back to a savepoint and keeps what came before it', async () => {
    const { db } = await newDatabase(commits);
    const trx = await db.startTransaction().execute();
    await trx.insertInto('songs').values({ title: 'Before' }).execute();
    const inner = await trx.savepoint('attempt').execute();
    await inner.insertInto('songs').values({ title: 'Undone' }).execute();
    await inner.rollbackToSavepoint('attempt').execute();
    await trx.commit().execute();
    expect(await titles(db)).toEqual(['Before']);
  });

  it('runs a new database whose first statement writes nothing to the WAL', async () => {
    const { db } = tempKysely<Tables>(dir, commits);
    open.push(db);
    // A setting of the connection: no transaction, nothing written, not even the -wal file.
    await sql`PRAGMA cache_size = 1000`.execute(db);
    const { rows } = await sql<{ cacheSize: number }>`PRAGMA cache_size`.execute(db);
    expect(rows).toEqual([{ cacheSize: 1000 }]);
  });

  it('reports a statement outside a transaction the way Kysely expects (rows affected, insert id)', async () => {
    const { db } = await newDatabase(commits);
    const inserted = await db.insertInto('songs').values({ title: 'One' }).executeTakeFirst();
    expect(inserted.insertId).toBe(1n);
    const updated = await db.updateTable('songs').set({ title: 'Uno' }).executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(1n);
    await expect(db.insertInto('songs').values({ title: 'Uno' }).execute()).rejects.toThrow(
      /UNIQUE/,
    );
    expect(await titles(db)).toEqual(['Uno']);
  });
});

describe('migrations', () => {
  it('runs the pending migrations in one transaction: a failing one leaves nothing behind', async () => {
    const { db } = await newDatabase('group');
    const migrator = new Migrator({
      db,
      provider: {
        getMigrations: async () => ({
          '0001_half': {
            up: async (trx) => {
              await trx.schema.createTable('half').addColumn('id', 'integer').execute();
              await sql`insert into nowhere values (1)`.execute(trx);
            },
          },
        }),
      },
    });
    const { error } = await migrator.migrateToLatest();
    expect(String(error)).toMatch(/no such table: nowhere/);
    const { rows } = await sql`select name from sqlite_master where name = 'half'`.execute(db);
    expect(rows).toEqual([]);
  });
});

describe('group commit durability', () => {
  it('fails every commit waiting on a flush that failed, and every later one', async () => {
    const durability = groupFsyncDurability(`${dir}/no-such-folder/db.sqlite-wal`);
    const first = durability.committed();
    const second = durability.committed();
    await expect(first).rejects.toThrow(/could not be flushed to the disk/);
    await expect(second).rejects.toThrow(/could not be flushed to the disk/);
    await expect(durability.committed()).rejects.toThrow(/could not be flushed to the disk/);
    await expect(durability.settled()).rejects.toThrow(/could not be flushed to the disk/);
    await durability.close();
  });

  it("fails a transaction whose flush failed without touching the next one's", async () => {
    const engine = openSqlite({ file: join(dir, 'flush-fails.sqlite'), commits: 'synchronous' });
    engine.database.exec('create table songs (id INTEGER primary key, title TEXT not null)');
    // The engine as it opens in group mode, with a WAL that cannot be flushed.
    const db = createSqliteKysely<Tables>({
      engine: { ...engine, durability: groupFsyncDurability(join(dir, 'missing', 'x-wal')) },
    });
    open.push(db);
    const first = db.transaction().execute(async (trx) => {
      await trx.insertInto('songs').values({ title: 'First' }).execute();
    });
    const second = db.transaction().execute(async (trx) => {
      await trx.insertInto('songs').values({ title: 'Second' }).execute();
      await new Promise((resolve) => setImmediate(resolve));
      await trx.insertInto('songs').values({ title: 'Second, again' }).execute();
    });
    await expect(first).rejects.toThrow(/could not be flushed to the disk/);
    // Its own failure, not "no transaction is active" from the first one's rollback.
    await expect(second).rejects.toThrow(/could not be flushed to the disk/);
  });
});

describe('statement cache', () => {
  it('prepares again after a schema change: a select * returns a column added since', async () => {
    const { db } = await newDatabase('group');
    await db.insertInto('songs').values({ title: 'One' }).execute();
    expect(await db.selectFrom('songs').selectAll().execute()).toEqual([{ id: 1, title: 'One' }]);
    await sql`alter table songs add column artist TEXT`.execute(db);
    expect(await db.selectFrom('songs').selectAll().execute()).toEqual([
      { id: 1, title: 'One', artist: null },
    ]);
  });

  it('prepares a text once and keeps at most its capacity, dropping the least recently used', () => {
    const database = new DatabaseSync(':memory:');
    try {
      const cache = new StatementCache(database, 2);
      const one = cache.get('select 1');
      const two = cache.get('select 2');
      expect(cache.get('select 1')).toBe(one);
      cache.get('select 3'); // 'select 2' was used least recently
      expect(cache.size).toBe(2);
      expect(cache.get('select 1')).toBe(one);
      expect(cache.get('select 2')).not.toBe(two); // prepared again
      expect(cache.size).toBe(2);
    } finally {
      database.close();
    }
  });
});
