import type { Kysely } from 'kysely';
import type { DB } from '#server/db/tables.ts';

/**
 * The proofs of work already used. In the database, not in memory: a payload spent on one
 * process must be refused by every other, and after a restart, until its challenge expires.
 */
export function spentProofsRepository(db: Kysely<DB>) {
  return {
    /** Records `signature` as spent; false when it was spent before, on any process. */
    async spend(signature: string, expiresAt: Date): Promise<boolean> {
      const row = await db
        .insertInto('spentProofs')
        .values({ signature, expiresAt })
        .onConflict((conflict) => conflict.column('signature').doNothing())
        .returning('signature')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Forgets the proofs whose challenge expired before `now`: no one can send those again. */
    async deleteExpiredBefore(now: Date): Promise<number> {
      const result = await db
        .deleteFrom('spentProofs')
        .where('expiresAt', '<', now)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type SpentProofsRepository = ReturnType<typeof spentProofsRepository>;
