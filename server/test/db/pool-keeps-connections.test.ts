/**
 * A quiet moment must not close the database connections: the next burst of requests would
 * open new ones, and on PostgreSQL each new backend loads its caches and prepares
 * its statements again (database.ts, KEEP_IDLE_CONNECTIONS).
 */
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '#server/db/database.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import { has } from '#server-test/helpers/requirements.ts';

const BUSY_AT_ONCE = 3;

/** BUSY_AT_ONCE queries at once: the pool opens a connection for each. */
async function fillPool(database: Database) {
  const { kysely } = database;
  await Promise.all(
    Array.from({ length: BUSY_AT_ONCE }, () => sql`select pg_sleep(0.05)`.execute(kysely)),
  );
}

describe('the PostgreSQL connection pool', () => {
  it.runIf(has.postgres)('keeps the connections it opened through a quiet minute', async () => {
    const testDb = await createTestDatabase({ kind: 'postgres' });
    const database = await openDatabase(testDb.options);
    try {
      // Only the pool's timers: the connections' input and output run as ever.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      await fillPool(database);
      expect(database.stats().pool).toMatchObject({ total: BUSY_AT_ONCE, idle: BUSY_AT_ONCE });

      vi.advanceTimersByTime(60_000);
      expect(database.stats().pool).toMatchObject({ total: BUSY_AT_ONCE, idle: BUSY_AT_ONCE });
      vi.useRealTimers();
      await fillPool(database);
      expect(database.stats().pool.total).toBe(BUSY_AT_ONCE);
    } finally {
      vi.useRealTimers();
      await database.close();
      await testDb.drop();
    }
  });
});
