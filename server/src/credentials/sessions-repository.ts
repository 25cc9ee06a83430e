import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { authSessions } from '#server/db/schema.ts';

export function sessionsRepository(db: Db) {
  // Every device's connection and every signed-in request asks this: built once, not per call.
  const findLive = db
    .select({
      id: authSessions.id,
      musicianId: authSessions.musicianId,
      scope: authSessions.scope,
      stageDeviceId: authSessions.stageDeviceId,
      expiresAt: authSessions.expiresAt,
    })
    .from(authSessions)
    .where(
      and(
        eq(authSessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare('sessions_find_live');

  return {
    async insert(musicianId: string, tokenHash: string, expiresAt: Date): Promise<string> {
      const [row] = await db
        .insert(authSessions)
        .values({ musicianId, tokenHash, expiresAt })
        .returning({ id: authSessions.id });
      return row!.id;
    },

    /** The live (not revoked, not expired) session holding this token hash. */
    async findLive(tokenHash: string) {
      const [row] = await findLive.execute({ tokenHash, now: new Date() });
      return row;
    },

    async revoke(sessionId: string): Promise<void> {
      await db
        .update(authSessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
    },

    /** When the session was signed in (undefined when it is gone). */
    async startedAt(sessionId: string): Promise<Date | undefined> {
      const [row] = await db
        .select({ createdAt: authSessions.createdAt })
        .from(authSessions)
        .where(eq(authSessions.id, sessionId));
      return row?.createdAt;
    },

    /** Deletes sessions that ended (expired or revoked) before `before`; returns how many. */
    async deleteEndedBefore(before: Date): Promise<number> {
      const rows = await db
        .delete(authSessions)
        .where(or(lt(authSessions.expiresAt, before), lt(authSessions.revokedAt, before)))
        .returning({ id: authSessions.id });
      return rows.length;
    },
  };
}

export type SessionsRepository = ReturnType<typeof sessionsRepository>;
