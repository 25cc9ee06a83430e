import type { Kysely } from 'kysely';
import type { DB } from '#server/db/tables.ts';

/** What a change of credentials ended: whose live connections must close now. */
export interface RevokedSignIns {
  sessionIds: string[];
  feedTokenIds: string[];
}

/**
 * Ends the musician's sessions (all but `keepSessionId`) and deletes their feed tokens, inside the
 * caller's transaction: a feed token is a sign-in too, and one made by whoever held the old
 * password must not outlive it.
 */
export async function revokeSignIns(
  trx: Kysely<DB>,
  musicianId: string,
  keepSessionId?: string,
): Promise<RevokedSignIns> {
  const sessions = await trx
    .updateTable('authSessions')
    .set({ revokedAt: new Date() })
    .where('musicianId', '=', musicianId)
    .where('revokedAt', 'is', null)
    .$if(Boolean(keepSessionId), (query) => query.where('id', '<>', keepSessionId!))
    .returning('id')
    .execute();
  const tokens = await trx
    .deleteFrom('feedTokens')
    .where('musicianId', '=', musicianId)
    .returning('id')
    .execute();
  return {
    sessionIds: sessions.map((session) => session.id),
    feedTokenIds: tokens.map((token) => token.id),
  };
}
