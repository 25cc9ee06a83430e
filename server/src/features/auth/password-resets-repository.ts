import type { Kysely, Selectable } from 'kysely';
import type { DB, PasswordResetsTable } from '#server/db/tables.ts';
import { revokeSignIns, type RevokedSignIns } from '#server/credentials/sign-ins-revocation.ts';
import { lockMusicianRow } from '#server/musicians/musician-row-lock.ts';

type PasswordResetRow = Selectable<PasswordResetsTable>;

/** Which email, typed from which address: the key wrong reset codes are counted under. */
export interface GuessKey {
  emailHash: string;
  address: string;
}

export function passwordResetsRepository(db: Kysely<DB>) {
  /** The musician's codes not used yet. */
  const pending = (trx: Kysely<DB>, musicianId: string) =>
    trx
      .selectFrom('passwordResets')
      .where('musicianId', '=', musicianId)
      .where('usedAt', 'is', null);

  return {
    /**
     * Stores a new code unless one was issued after `issuedSince` (then returns false and the
     * caller sends nothing). Earlier codes stay live: a new one never voids the one the owner is
     * typing. The musician's row lock keeps two processes from both issuing at once.
     */
    async issue(
      musicianId: string,
      codeHash: string,
      expiresAt: Date,
      issuedSince: Date,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await lockMusicianRow(trx, musicianId);
        const recent = await pending(trx, musicianId)
          .select('id')
          .where('createdAt', '>', issuedSince)
          .limit(1)
          .executeTakeFirst();
        if (recent) return false;
        await trx
          .insertInto('passwordResets')
          .values({ musicianId, codeHash, expiresAt })
          .execute();
        return true;
      });
    },

    /** The musician's live code with this hash, if there is one. */
    async findLive(musicianId: string, codeHash: string): Promise<PasswordResetRow | undefined> {
      return pending(db, musicianId)
        .selectAll()
        .where('codeHash', '=', codeHash)
        .where('expiresAt', '>', new Date())
        .limit(1)
        .executeTakeFirst();
    },

    /** Wrong codes typed for this email from this address, while the count lasts. */
    async wrongGuesses({ emailHash, address }: GuessKey): Promise<number> {
      const row = await db
        .selectFrom('passwordResetGuesses')
        .select('attempts')
        .where('emailHash', '=', emailHash)
        .where('address', '=', address)
        .where('expiresAt', '>', new Date())
        .executeTakeFirst();
      return row?.attempts ?? 0;
    },

    /** Counts a wrong code and returns the new count; a lapsed count starts again at 1. */
    async addWrongGuess(key: GuessKey, expiresAt: Date): Promise<number> {
      const now = new Date();
      const row = await db
        .insertInto('passwordResetGuesses')
        .values({ ...key, attempts: 1, expiresAt })
        .onConflict((conflict) =>
          conflict.columns(['emailHash', 'address']).doUpdateSet((eb) => {
            const lapsed = eb('passwordResetGuesses.expiresAt', '<=', now);
            return {
              attempts: eb
                .case()
                .when(lapsed)
                .then(1)
                .else(eb('passwordResetGuesses.attempts', '+', 1))
                .end(),
              expiresAt: eb
                .case()
                .when(lapsed)
                .then(eb.ref('excluded.expiresAt'))
                .else(eb.ref('passwordResetGuesses.expiresAt'))
                .end(),
            };
          }),
        )
        .returning('attempts')
        .executeTakeFirst();
      return row?.attempts ?? Number.POSITIVE_INFINITY;
    },

    /** Forgets the wrong codes typed for this email: from one address, or from all of them. */
    async forgetGuesses(emailHash: string, address?: string): Promise<void> {
      await db
        .deleteFrom('passwordResetGuesses')
        .where('emailHash', '=', emailHash)
        .$if(address !== undefined, (query) => query.where('address', '=', address!))
        .execute();
    },

    /**
     * Uses the code (and every other live one), sets the new password, signs out every device and
     * deletes every feed token, all or nothing. Returns what it ended, or undefined if another
     * request used the code first.
     */
    async completeReset(
      reset: PasswordResetRow,
      passwordHash: string,
    ): Promise<RevokedSignIns | undefined> {
      return db.transaction().execute(async (trx) => {
        const now = new Date();
        const used = await trx
          .updateTable('passwordResets')
          .set({ usedAt: now })
          .where('id', '=', reset.id)
          .where('usedAt', 'is', null)
          .returning('id')
          .execute();
        if (used.length === 0) return undefined;
        await trx
          .updateTable('passwordResets')
          .set({ usedAt: now })
          .where('musicianId', '=', reset.musicianId)
          .where('usedAt', 'is', null)
          .execute();
        await trx
          .updateTable('musicians')
          .set({ passwordHash, updatedAt: now })
          .where('id', '=', reset.musicianId)
          .execute();
        return revokeSignIns(trx, reset.musicianId);
      });
    },

    /**
     * Deletes codes that expired before `before` (used ones expire too), and wrong-code counts
     * that lapsed before it; returns how many codes.
     */
    async deleteExpiredBefore(before: Date): Promise<number> {
      await db.deleteFrom('passwordResetGuesses').where('expiresAt', '<', before).execute();
      const result = await db
        .deleteFrom('passwordResets')
        .where('expiresAt', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type PasswordResetsRepository = ReturnType<typeof passwordResetsRepository>;
