import type { Kysely } from 'kysely';
import type { DB } from '#server/db/tables.ts';
import { revokeSignIns, type RevokedSignIns } from '#server/credentials/sign-ins-revocation.ts';
import type { MusicianRow } from '#server/musicians/musician-mapper.ts';

/** The account's credentials and its deletion: each change and its sign-outs in one transaction. */
export function accountRepository(db: Kysely<DB>) {
  return {
    async setEmail(musicianId: string, email: string): Promise<MusicianRow | undefined> {
      return db
        .updateTable('musicians')
        .set({ email, updatedAt: new Date() })
        .where('id', '=', musicianId)
        .returningAll()
        .executeTakeFirst();
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
      return db.transaction().execute(async (trx) => {
        const now = new Date();
        await trx
          .updateTable('musicians')
          .set({ passwordHash, updatedAt: now })
          .where('id', '=', musicianId)
          .execute();
        await trx
          .updateTable('passwordResets')
          .set({ usedAt: now })
          .where('musicianId', '=', musicianId)
          .where('usedAt', 'is', null)
          .execute();
        return revokeSignIns(trx, musicianId, keepSessionId);
      });
    },

    /**
     * Deletes the musician; the database cascades to everything they own (songs, requests, shows,
     * playlists, tips, design, images, sessions, feed tokens, old slugs). Returns the sessions and
     * feed tokens that ended, or undefined when the musician was already gone.
     */
    async deleteMusician(musicianId: string): Promise<RevokedSignIns | undefined> {
      return db.transaction().execute(async (trx) => {
        const sessions = await trx
          .selectFrom('authSessions')
          .select('id')
          .where('musicianId', '=', musicianId)
          .where('revokedAt', 'is', null)
          .execute();
        const tokens = await trx
          .selectFrom('feedTokens')
          .select('id')
          .where('musicianId', '=', musicianId)
          .execute();
        const deleted = await trx
          .deleteFrom('musicians')
          .where('id', '=', musicianId)
          .returning('id')
          .execute();
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
