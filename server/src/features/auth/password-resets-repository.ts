import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { musicians, passwordResets } from '#server/db/schema.ts';
import { revokeSignIns, type RevokedSignIns } from './sign-ins-revocation.ts';

type PasswordResetRow = typeof passwordResets.$inferSelect;

export function passwordResetsRepository(db: Db) {
  return {
    /** A new code replaces any earlier one still waiting. */
    async replace(musicianId: string, codeHash: string, expiresAt: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(passwordResets)
          .set({ usedAt: new Date() })
          .where(and(eq(passwordResets.musicianId, musicianId), isNull(passwordResets.usedAt)));
        await tx.insert(passwordResets).values({ musicianId, codeHash, expiresAt });
      });
    },

    async findPending(musicianId: string): Promise<PasswordResetRow | undefined> {
      const [row] = await db
        .select()
        .from(passwordResets)
        .where(
          and(
            eq(passwordResets.musicianId, musicianId),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, new Date()),
          ),
        )
        .orderBy(desc(passwordResets.createdAt))
        .limit(1);
      return row;
    },

    /** Counts a wrong try and returns the new count. */
    async addFailedAttempt(resetId: string): Promise<number> {
      const [row] = await db
        .update(passwordResets)
        .set({ attempts: sql`${passwordResets.attempts} + 1` })
        .where(eq(passwordResets.id, resetId))
        .returning({ attempts: passwordResets.attempts });
      return row?.attempts ?? Number.POSITIVE_INFINITY;
    },

    /**
     * Uses the code, sets the new password, signs out every device and deletes every feed token,
     * all or nothing. Returns what it ended, or undefined if another request used the code first.
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
        await tx
          .update(musicians)
          .set({ passwordHash, updatedAt: now })
          .where(eq(musicians.id, reset.musicianId));
        return revokeSignIns(tx, reset.musicianId);
      });
    },

    /** Deletes codes that expired before `before` (used ones expire too); returns how many. */
    async deleteExpiredBefore(before: Date): Promise<number> {
      const rows = await db
        .delete(passwordResets)
        .where(lt(passwordResets.expiresAt, before))
        .returning({ id: passwordResets.id });
      return rows.length;
    },
  };
}

export type PasswordResetsRepository = ReturnType<typeof passwordResetsRepository>;
