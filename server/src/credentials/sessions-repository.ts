import type { Kysely } from 'kysely';
import { compiledOnce } from '#server/db/statement-once.ts';
import type { DB } from '#server/db/tables.ts';

export function sessionsRepository(db: Kysely<DB>) {
  // Every device's connection and every signed-in request asks this: compiled once, not per call.
  const findLive = compiledOnce(db, (values: { tokenHash: string; now: Date }) =>
    db
      .selectFrom('authSessions')
      .select(['id', 'musicianId', 'scope', 'stageDeviceId', 'expiresAt'])
      .where('tokenHash', '=', values.tokenHash)
      .where('revokedAt', 'is', null)
      .where('expiresAt', '>', values.now),
  );

  return {
    async insert(musicianId: string, tokenHash: string, expiresAt: Date): Promise<string> {
      const row = await db
        .insertInto('authSessions')
        .values({ musicianId, tokenHash, expiresAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** The live (not revoked, not expired) session holding this token hash. */
    async findLive(tokenHash: string) {
      const [row] = await findLive({ tokenHash, now: new Date() });
      return row;
    },

    async revoke(sessionId: string): Promise<void> {
      await db
        .updateTable('authSessions')
        .set({ revokedAt: new Date() })
        .where('id', '=', sessionId)
        .where('revokedAt', 'is', null)
        .execute();
    },

    /** When the session was signed in (undefined when it is gone). */
    async startedAt(sessionId: string): Promise<Date | undefined> {
      const row = await db
        .selectFrom('authSessions')
        .select('createdAt')
        .where('id', '=', sessionId)
        .executeTakeFirst();
      return row?.createdAt;
    },

    /** Deletes sessions that ended (expired or revoked) before `before`; returns how many. */
    async deleteEndedBefore(before: Date): Promise<number> {
      const result = await db
        .deleteFrom('authSessions')
        .where((eb) => eb.or([eb('expiresAt', '<', before), eb('revokedAt', '<', before)]))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type SessionsRepository = ReturnType<typeof sessionsRepository>;
