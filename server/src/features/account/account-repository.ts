import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { authSessions, musicians, passwordResets } from '#server/db/schema.ts';
import type { MusicianRow } from '../musicians/musician-mapper.ts';

/** The account's credentials and its deletion: each change and its sign-outs in one transaction. */
export function accountRepository(db: Db) {
  return {
    async setEmail(musicianId: string, email: string): Promise<MusicianRow | undefined> {
      const [row] = await db
        .update(musicians)
        .set({ email, updatedAt: new Date() })
        .where(eq(musicians.id, musicianId))
        .returning();
      return row;
    },

    /**
     * Sets the new password, ends every other session of the musician and voids pending reset
     * codes (made for the old password). Returns the ids of the sessions it ended.
     */
    async setPassword(
      musicianId: string,
      passwordHash: string,
      keepSessionId: string,
    ): Promise<string[]> {
      return db.transaction(async (tx) => {
        const now = new Date();
        await tx
          .update(musicians)
          .set({ passwordHash, updatedAt: now })
          .where(eq(musicians.id, musicianId));
        await tx
          .update(passwordResets)
          .set({ usedAt: now })
          .where(and(eq(passwordResets.musicianId, musicianId), isNull(passwordResets.usedAt)));
        const revoked = await tx
          .update(authSessions)
          .set({ revokedAt: now })
          .where(
            and(
              eq(authSessions.musicianId, musicianId),
              isNull(authSessions.revokedAt),
              ne(authSessions.id, keepSessionId),
            ),
          )
          .returning({ id: authSessions.id });
        return revoked.map((session) => session.id);
      });
    },

    /**
     * Deletes the musician; the database cascades to everything they own (songs, requests, shows,
     * playlists, tips, design, images, sessions, old slugs). Returns the ids of the sessions that
     * ended, or undefined when the musician was already gone.
     */
    async deleteMusician(musicianId: string): Promise<string[] | undefined> {
      return db.transaction(async (tx) => {
        const sessions = await tx
          .select({ id: authSessions.id })
          .from(authSessions)
          .where(and(eq(authSessions.musicianId, musicianId), isNull(authSessions.revokedAt)));
        const deleted = await tx
          .delete(musicians)
          .where(eq(musicians.id, musicianId))
          .returning({ id: musicians.id });
        return deleted.length > 0 ? sessions.map((session) => session.id) : undefined;
      });
    },
  };
}

export type AccountRepository = ReturnType<typeof accountRepository>;
