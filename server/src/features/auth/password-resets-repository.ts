import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { musicians, passwordResetGuesses, passwordResets } from '#server/db/schema.ts';
import { revokeSignIns, type RevokedSignIns } from '#server/credentials/sign-ins-revocation.ts';

type PasswordResetRow = typeof passwordResets.$inferSelect;

/** Which email, typed from which address: the key wrong reset codes are counted under. */
export interface GuessKey {
  emailHash: string;
  address: string;
}

export function passwordResetsRepository(db: Db) {
  const pending = (musicianId: string) =>
    and(eq(passwordResets.musicianId, musicianId), isNull(passwordResets.usedAt));

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
      return db.transaction(async (tx) => {
        await tx
          .select({ id: musicians.id })
          .from(musicians)
          .where(eq(musicians.id, musicianId))
          .for('update');
        const [recent] = await tx
          .select({ id: passwordResets.id })
          .from(passwordResets)
          .where(and(pending(musicianId), gt(passwordResets.createdAt, issuedSince)))
          .limit(1);
        if (recent) return false;
        await tx.insert(passwordResets).values({ musicianId, codeHash, expiresAt });
        return true;
      });
    },

    /** The musician's live code with this hash, if there is one. */
    async findLive(musicianId: string, codeHash: string): Promise<PasswordResetRow | undefined> {
      const [row] = await db
        .select()
        .from(passwordResets)
        .where(
          and(
            pending(musicianId),
            eq(passwordResets.codeHash, codeHash),
            gt(passwordResets.expiresAt, new Date()),
          ),
        )
        .limit(1);
      return row;
    },

    /** Wrong codes typed for this email from this address, while the count lasts. */
    async wrongGuesses({ emailHash, address }: GuessKey): Promise<number> {
      const [row] = await db
        .select({ attempts: passwordResetGuesses.attempts })
        .from(passwordResetGuesses)
        .where(
          and(
            eq(passwordResetGuesses.emailHash, emailHash),
            eq(passwordResetGuesses.address, address),
            gt(passwordResetGuesses.expiresAt, new Date()),
          ),
        );
      return row?.attempts ?? 0;
    },

    /** Counts a wrong code and returns the new count; a lapsed count starts again at 1. */
    async addWrongGuess(key: GuessKey, expiresAt: Date): Promise<number> {
      const now = new Date();
      const lapsed = sql`${passwordResetGuesses.expiresAt} <= ${now}`;
      const [row] = await db
        .insert(passwordResetGuesses)
        .values({ ...key, attempts: 1, expiresAt })
        .onConflictDoUpdate({
          target: [passwordResetGuesses.emailHash, passwordResetGuesses.address],
          set: {
            attempts: sql`CASE WHEN ${lapsed} THEN 1 ELSE ${passwordResetGuesses.attempts} + 1 END`,
            expiresAt: sql`CASE WHEN ${lapsed} THEN excluded.expires_at ELSE ${passwordResetGuesses.expiresAt} END`,
          },
        })
        .returning({ attempts: passwordResetGuesses.attempts });
      return row?.attempts ?? Number.POSITIVE_INFINITY;
    },

    /** Forgets the wrong codes typed for this email: from one address, or from all of them. */
    async forgetGuesses(emailHash: string, address?: string): Promise<void> {
      await db
        .delete(passwordResetGuesses)
        .where(
          and(
            eq(passwordResetGuesses.emailHash, emailHash),
            address === undefined ? undefined : eq(passwordResetGuesses.address, address),
          ),
        );
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
      return db.transaction(async (tx) => {
        const now = new Date();
        const used = await tx
          .update(passwordResets)
          .set({ usedAt: now })
          .where(and(eq(passwordResets.id, reset.id), isNull(passwordResets.usedAt)))
          .returning({ id: passwordResets.id });
        if (used.length === 0) return undefined;
        await tx.update(passwordResets).set({ usedAt: now }).where(pending(reset.musicianId));
        await tx
          .update(musicians)
          .set({ passwordHash, updatedAt: now })
          .where(eq(musicians.id, reset.musicianId));
        return revokeSignIns(tx, reset.musicianId);
      });
    },

    /**
     * Deletes codes that expired before `before` (used ones expire too), and wrong-code counts
     * that lapsed before it; returns how many codes.
     */
    async deleteExpiredBefore(before: Date): Promise<number> {
      await db.delete(passwordResetGuesses).where(lt(passwordResetGuesses.expiresAt, before));
      const rows = await db
        .delete(passwordResets)
        .where(lt(passwordResets.expiresAt, before))
        .returning({ id: passwordResets.id });
      return rows.length;
    },
  };
}

export type PasswordResetsRepository = ReturnType<typeof passwordResetsRepository>;
