/**
 * PostgreSQL's autovacuum analyses and vacuums tables as they change. With it off (or with
 * `track_counts` off, which it needs to know what changed) nothing does: the planner keeps the
 * statistics the tables had, and the dead row versions every request and every move of the queue
 * leave behind pile up. Measured on PostgreSQL 15 with it off: filing a request went from 2.4 to
 * 4.2 ms at the median over 12,000 requests (9,000 dead row versions in `requests`), and back to
 * 2.5 ms after a `VACUUM ANALYZE`. The server does this job itself only for the embedded
 * database, which has no autovacuum (pglite-housekeeping.ts); a PostgreSQL server is its
 * administrator's to run, so the server says at start when it will slow down.
 */
import type { RunStatement } from './pglite-housekeeping.ts';

export async function autovacuumWarning(run: RunStatement): Promise<string | undefined> {
  const [settings] = await run<{ autovacuum: string; track_counts: string }>(
    `SELECT current_setting('autovacuum') AS autovacuum,
       current_setting('track_counts') AS track_counts`,
  );
  const off = [
    settings?.autovacuum !== 'on' && 'autovacuum',
    settings?.track_counts !== 'on' && 'track_counts',
  ].filter(Boolean);
  if (off.length === 0) return undefined;
  return (
    `PostgreSQL's ${off.join(' and ')} ${off.length > 1 ? 'are' : 'is'} off: no table is ` +
    'analysed or vacuumed as requests come in, and filing a request slows down as a show goes ' +
    'on. Turn it on (autovacuum = on), or run VACUUM ANALYZE every few minutes.'
  );
}
