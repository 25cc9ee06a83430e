import { and, eq } from 'drizzle-orm';
import type { TipPlatform } from '#shared/audience-constants.ts';
import type { Db } from '#server/db/database.ts';
import { requests, tips } from '#server/db/schema.ts';
import type { TipRow } from './tip-mapper.ts';

interface NewTip {
  musicianId: string;
  amount: number;
  platform: TipPlatform;
  tipperName: string;
  message: string;
  /** The request the tip follows, as the phone says: used only if it is this musician's. */
  requestId: string | null;
  idempotencyKey: string | null;
}

interface Recorded {
  /** Null when the idempotency key was already used: the caller fetches the first tip. */
  tip: TipRow | null;
  /** The musician's request that now carries the tip, if any. */
  requestId: string | null;
}

export function tipsRepository(db: Db) {
  return {
    async findByIdempotencyKey(musicianId: string, key: string): Promise<TipRow | undefined> {
      const [row] = await db
        .select()
        .from(tips)
        .where(and(eq(tips.musicianId, musicianId), eq(tips.idempotencyKey, key)));
      return row;
    },

    /**
     * Records the tip and, in the same transaction, puts its amount on the request it follows.
     * A request id of another musician (or of none) is dropped without a word: the answer must
     * not tell a stranger whether it exists.
     */
    async record(values: NewTip): Promise<Recorded> {
      return db.transaction(async (tx) => {
        const [owned] = values.requestId
          ? await tx
              .select({ id: requests.id })
              .from(requests)
              .where(
                and(eq(requests.id, values.requestId), eq(requests.musicianId, values.musicianId)),
              )
          : [];
        const requestId = owned?.id ?? null;
        const [tip] = await tx
          .insert(tips)
          .values({ ...values, requestId })
          .onConflictDoNothing({ target: [tips.musicianId, tips.idempotencyKey] })
          .returning();
        if (!tip) return { tip: null, requestId: null };
        if (requestId) {
          await tx
            .update(requests)
            .set({ tipAmount: tip.amount, tipClicked: true, updatedAt: new Date() })
            .where(eq(requests.id, requestId));
        }
        return { tip, requestId };
      });
    },
  };
}

export type TipsRepository = ReturnType<typeof tipsRepository>;
