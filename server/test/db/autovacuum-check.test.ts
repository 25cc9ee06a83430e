/**
 * On PostgreSQL without autovacuum nothing analyses or vacuums the tables, and filing a request
 * slows down as a show goes on: the server says so at start (db/autovacuum-check.ts).
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { autovacuumWarning } from '#server/db/autovacuum-check.ts';
import { rowsOf } from '#server/db/rows-of.ts';
import { cleanUpLater } from '../helpers/cleanup.ts';
import { startTestApp } from '../helpers/test-app.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

const isWarning = (line: Record<string, unknown>) =>
  line.level === 40 && typeof line.msg === 'string' && line.msg.startsWith("PostgreSQL's ");

describe.skipIf(!process.env.TEST_DATABASE_URL)('the autovacuum check on PostgreSQL', () => {
  it('warns at start exactly when the server runs without autovacuum', async () => {
    const testDb = await createTestDatabase({ kind: 'postgres' });
    cleanUpLater(() => testDb.drop());
    const { app, logs } = await startTestApp({ database: testDb.options });
    const [setting] = rowsOf<{ autovacuum: string }>(
      await app.database.db.execute(sql`SELECT current_setting('autovacuum') AS autovacuum`),
    );
    const warnings = logs().filter(isWarning);
    if (setting!.autovacuum === 'on') {
      expect(warnings).toEqual([]);
    } else {
      expect(warnings).toHaveLength(1);
      expect(warnings[0]!.msg).toContain('autovacuum');
      expect(warnings[0]!.msg).toContain('VACUUM ANALYZE');
    }
  });

  it('names track_counts, which autovacuum needs, when a session runs without it', async () => {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    try {
      const run = async <Row>(text: string) => (await client.query(text)).rows as Row[];
      await client.query('SET track_counts = off');
      expect(await autovacuumWarning(run)).toMatch(/track_counts (are|is) off/);
      await client.query('RESET track_counts');
      expect((await autovacuumWarning(run)) ?? '').not.toContain('track_counts');
    } finally {
      await client.end();
    }
  });
});
