import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { authSessions, feedTokens, musicians, passwordResets } from '#server/db/schema.ts';
import { revokeSignIns, type RevokedSignIns } from '#server/credentials/sign-ins-revocation.ts';
import type { MusicianRow } from '#server/musicians/musician-mapper.ts';

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
     * Sets the new password, ends every other session of the musician, deletes their feed tokens
     * and voids pending reset codes (made for the old password). Returns what it ended.
     */
    async setPassword(
      musicianId: string,
      passwordHash: string,
      keepSessionId: string,
    ): Promise<RevokedSignIns> {
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
        return revokeSignIns(tx, musicianId, keepSessionId);
      });
    },

    /**
     * Deletes the musician; the database cascades to everything they own (songs, requests, shows,
     * playlists, tips, design, images, sessions, feed tokens, old slugs). Returns the sessions and
     * feed tokens that ended, or undefined when the musician was already gone.
     */
    async deleteMusician(musicianId: string): Promise<RevokedSignIns | undefined> {
      return db.transaction(async (tx) => {
        const sessions = await tx
          .select({ id: authSessions.id })
          .from(authSessions)
          .where(and(eq(authSessions.musicianId, musicianId), isNull(authSessions.revokedAt)));
        const tokens = await tx
          .select({ id: feedTokens.id })
          .from(feedTokens)
          .where(eq(feedTokens.musicianId, musicianId));
        const deleted = await tx
          .delete(musicians)
          .where(eq(musicians.id, musicianId))
          .returning({ id: musicians.id });
        if (deleted.length === 0) return undefined;
        return {
          sessionIds: sessions.map((session) => session.id),
          feedTokenIds: tokens.map((token) => token.id),
        };
      });
    },
  };
}

export type AccountRepository = ReturnType<typeof accountRepository>;
