import type { Kysely } from 'kysely';
import type { DB } from '#server/db/tables.ts';

/**
 * Holds the musician's row until the transaction `trx` ends, so that two transactions that each
 * decide from what they read of the musician (a reset code's issue, a slug change) run one after
 * the other; answers the row's current slug, or undefined when there is no such musician. The
 * row is written (updated_at to itself): on PostgreSQL an update locks the row as `SELECT ... FOR
 * UPDATE` did (without holding off inserts that refer to the musician), and on SQLite the
 * transaction's write lock already serialises it; one statement for both engines.
 */
export async function lockMusicianRow(
  trx: Kysely<DB>,
  musicianId: string,
): Promise<{ slug: string } | undefined> {
  return trx
    .updateTable('musicians')
    .set((eb) => ({ updatedAt: eb.ref('updatedAt') }))
    .where('id', '=', musicianId)
    .returning('slug')
    .executeTakeFirst();
}
