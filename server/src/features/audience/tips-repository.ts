import { and, eq, sql } from 'drizzle-orm';
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
    /** Seconds until each of the musician's newest `max` tips of the last minute leaves it. */
    async musicianRecent(musicianId: string, max: number): Promise<number[]> {
      const result = await db.execute(sql`
        SELECT extract(epoch FROM (created_at + interval '1 minute' - now())) AS frees_in
        FROM ${tips}
        WHERE musician_id = ${musicianId} AND created_at > now() - interval '1 minute'
        ORDER BY created_at DESC
        LIMIT ${max}`);
      return (result as unknown as { rows: { frees_in: string | number }[] }).rows.map((row) =>
        Number(row.frees_in),
      );
    },

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
            // Tips on one request add up (several people may be behind a merged request), within
            // the $500 the table allows a request; each tip keeps its own amount in tips.
            .set({
              tipAmount: sql`least(${requests.tipAmount} + ${tip.amount}, 500)`,
              tipClicked: true,
              updatedAt: new Date(),
            })
            .where(eq(requests.id, requestId));
        }
        return { tip, requestId };
      });
    },
  };
}

export type TipsRepository = ReturnType<typeof tipsRepository>;
