import { eq, lt } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { oidcFlows } from '#server/db/schema.ts';

type OidcFlowRow = typeof oidcFlows.$inferSelect;
type NewOidcFlow = Pick<OidcFlowRow, 'stateHash' | 'codeVerifier' | 'nonce' | 'expiresAt'>;

/** Sign-ins sent to the provider and not back yet, each under the hash of its state and browser key. */
export function oidcFlowsRepository(db: Db) {
  return {
    async insert(values: NewOidcFlow): Promise<void> {
      await db.insert(oidcFlows).values(values);
    },

    /**
     * Removes the flow and returns it, if it is still live: a state works once, so a replayed
     * provider answer finds nothing.
     */
    async take(stateHash: string, now = new Date()): Promise<OidcFlowRow | undefined> {
      const [row] = await db
        .delete(oidcFlows)
        .where(eq(oidcFlows.stateHash, stateHash))
        .returning();
      return row && row.expiresAt > now ? row : undefined;
    },

    /** Deletes flows that expired before `before` (abandoned sign-ins); returns how many. */
    async deleteExpiredBefore(before: Date): Promise<number> {
      const rows = await db
        .delete(oidcFlows)
        .where(lt(oidcFlows.expiresAt, before))
        .returning({ id: oidcFlows.id });
      return rows.length;
    },
  };
}

export type OidcFlowsRepository = ReturnType<typeof oidcFlowsRepository>;
