import type { Kysely, Selectable } from 'kysely';
import type { DB, OidcFlowsTable } from '#server/db/tables.ts';

type OidcFlowRow = Selectable<OidcFlowsTable>;
type NewOidcFlow = Pick<OidcFlowRow, 'stateHash' | 'codeVerifier' | 'nonce' | 'expiresAt'>;

/** Sign-ins sent to the provider and not back yet, each under the hash of its state and browser key. */
export function oidcFlowsRepository(db: Kysely<DB>) {
  return {
    async insert(values: NewOidcFlow): Promise<void> {
      await db.insertInto('oidcFlows').values(values).execute();
    },

    /**
     * Removes the flow and returns it, if it is still live: a state works once, so a replayed
     * provider answer finds nothing.
     */
    async take(stateHash: string, now = new Date()): Promise<OidcFlowRow | undefined> {
      const row = await db
        .deleteFrom('oidcFlows')
        .where('stateHash', '=', stateHash)
        .returningAll()
        .executeTakeFirst();
      return row && row.expiresAt > now ? row : undefined;
    },

    /** Deletes flows that expired before `before` (abandoned sign-ins); returns how many. */
    async deleteExpiredBefore(before: Date): Promise<number> {
      const result = await db
        .deleteFrom('oidcFlows')
        .where('expiresAt', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type OidcFlowsRepository = ReturnType<typeof oidcFlowsRepository>;
