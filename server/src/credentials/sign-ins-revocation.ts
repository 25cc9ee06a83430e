import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { authSessions, feedTokens } from '#server/db/schema.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

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
  tx: Tx,
  musicianId: string,
  keepSessionId?: string,
): Promise<RevokedSignIns> {
  const sessions = await tx
    .update(authSessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(authSessions.musicianId, musicianId),
        isNull(authSessions.revokedAt),
        keepSessionId ? ne(authSessions.id, keepSessionId) : undefined,
      ),
    )
    .returning({ id: authSessions.id });
  const tokens = await tx
    .delete(feedTokens)
    .where(eq(feedTokens.musicianId, musicianId))
    .returning({ id: feedTokens.id });
  return {
    sessionIds: sessions.map((session) => session.id),
    feedTokenIds: tokens.map((token) => token.id),
  };
}
