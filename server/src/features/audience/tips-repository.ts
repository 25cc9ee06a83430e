import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { TipPlatform } from '#shared/audience-constants.ts';
import type { Db } from '#server/db/database.ts';
import { lockMusician } from '#server/db/musician-lock.ts';
import { requests, tips } from '#server/db/schema.ts';
import { tipsAddedUp } from '#server/submissions/request-tips.ts';
import { secondsUntilFree } from '#server/db/window-wait.ts';
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
  /** The phone's X-Device-Id, '' when it sent none: what the per-phone limit counts by. */
  deviceId: string;
}

interface Recorded {
  /** Null when the idempotency key was already used: the caller fetches the first tip. */
  tip: TipRow | null;
  /** The musician's request that now carries the tip, if any. */
  requestId: string | null;
}

export function tipsRepository(db: Db) {
  const wait = (where: SQL, windowMinutes: number, max: number) =>
    secondsUntilFree(db, [{ table: tips, where }], windowMinutes, max);

  return {
    /** Seconds until the musician's flood guard (`max` tips a minute) lets one more through. */
    musicianWait(musicianId: string, max: number): Promise<number | null> {
      return wait(sql`r.musician_id = ${musicianId}`, 1, max);
    },

    /**
     * Seconds until one phone may tip the musician again, read from the table every server
     * process writes to, so all of them count the same tips (tips_musician_device_idx serves it).
     */
    phoneWait(
      musicianId: string,
      deviceId: string,
      windowMinutes: number,
      max: number,
    ): Promise<number | null> {
      return wait(
        sql`r.musician_id = ${musicianId} AND r.device_id = ${deviceId}`,
        windowMinutes,
        max,
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
        // The request's tips are read, added to and written under the musician's lock, as a
        // +1 with a tip does (musician-lock.ts).
        await lockMusician(tx, values.musicianId);
        const [owned] = values.requestId
          ? await tx
              .select({ id: requests.id, tipAmount: requests.tipAmount })
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
            .set({
              tipAmount: tipsAddedUp(owned!.tipAmount, Number(tip.amount)),
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
