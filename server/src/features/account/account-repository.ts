import type { Kysely, Transaction } from 'kysely';
import type { DB } from '#server/db/tables.ts';
import { revokeSignIns, type RevokedSignIns } from '#server/credentials/sign-ins-revocation.ts';
import type { MusicianRow } from '#server/musicians/musician-mapper.ts';

/** Voids the musician's pending reset codes: made for a password or an address now changed. */
async function voidResetCodes(trx: Transaction<DB>, musicianId: string, now: Date) {
  await trx
    .updateTable('passwordResets')
    .set({ usedAt: now })
    .where('musicianId', '=', musicianId)
    .where('usedAt', 'is', null)
    .execute();
}

/** The account's credentials and its deletion: each change and its sign-outs in one transaction. */
export function accountRepository(db: Kysely<DB>) {
  return {
    /**
     * Sets the new email and, like a new password, ends every other session of the musician,
     * deletes their feed tokens and voids pending reset codes (sent to the old address). Returns
     * the musician as now stored and what it ended, or undefined when the musician is gone.
     */
    async setEmail(
      musicianId: string,
      email: string,
      keepSessionId: string,
    ): Promise<{ row: MusicianRow; revoked: RevokedSignIns } | undefined> {
      return db.transaction().execute(async (trx) => {
        const now = new Date();
        const row = await trx
          .updateTable('musicians')
          .set({ email, updatedAt: now })
          .where('id', '=', musicianId)
          .returningAll()
          .executeTakeFirst();
        if (!row) return undefined;
        await voidResetCodes(trx, musicianId, now);
        return { row, revoked: await revokeSignIns(trx, musicianId, keepSessionId) };
      });
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
        await voidResetCodes(trx, musicianId, now);
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
