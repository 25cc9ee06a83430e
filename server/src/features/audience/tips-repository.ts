import type { Kysely } from 'kysely';
import type { TipPlatform } from '#shared/audience-constants.ts';
import { lockMusician } from '#server/db/locks.ts';
import type { DB } from '#server/db/tables.ts';
import { secondsUntilFree, windowStart } from '#server/db/window-limit.ts';
import { tipsAddedUp } from '#server/submissions/request-tips.ts';
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

interface MarkedReceived {
  tip: TipRow;
  /** The musician's request whose tip_received grew; null when nothing changed. */
  requestId: string | null;
}

export function tipsRepository(db: Kysely<DB>) {
  /** The musician's (or one phone's) tips inside the window, newest first, `max` at most. */
  async function wait(
    musicianId: string,
    deviceId: string | undefined,
    windowMinutes: number,
    max: number,
  ): Promise<number | null> {
    const now = new Date();
    let query = db
      .selectFrom('tips')
      .select('createdAt')
      .where('musicianId', '=', musicianId)
      .where('createdAt', '>', windowStart(windowMinutes, now));
    if (deviceId !== undefined) query = query.where('deviceId', '=', deviceId);
    const rows = await query.orderBy('createdAt', 'desc').limit(max).execute();
    return secondsUntilFree(
      rows.map((row) => row.createdAt),
      windowMinutes,
      max,
      now,
    );
  }

  return {
    /** Seconds until the musician's flood guard (`max` tips a minute) lets one more through. */
    musicianWait(musicianId: string, max: number): Promise<number | null> {
      return wait(musicianId, undefined, 1, max);
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
      return wait(musicianId, deviceId, windowMinutes, max);
    },

    async findByIdempotencyKey(musicianId: string, key: string): Promise<TipRow | undefined> {
      return db
        .selectFrom('tips')
        .selectAll()
        .where('musicianId', '=', musicianId)
        .where('idempotencyKey', '=', key)
        .executeTakeFirst();
    },

    /**
     * Records the tip and, in the same transaction, puts its amount on the request it follows,
     * as a claim (tip_amount): it moves nothing until the musician marks it received.
     * A request id of another musician (or of none) is dropped without a word: the answer must
     * not tell a stranger whether it exists.
     */
    async record(values: NewTip): Promise<Recorded> {
      return db.transaction().execute(async (trx) => {
        // The request's tips are read, added to and written under the musician's lock, as a
        // +1 with a tip does (db/locks.ts).
        await lockMusician(trx, values.musicianId);
        const owned = values.requestId
          ? await trx
              .selectFrom('requests')
              .select(['id', 'tipAmount'])
              .where('id', '=', values.requestId)
              .where('musicianId', '=', values.musicianId)
              .executeTakeFirst()
          : undefined;
        const requestId = owned?.id ?? null;
        const tip = await trx
          .insertInto('tips')
          .values({ ...values, requestId })
          .onConflict((conflict) => conflict.columns(['musicianId', 'idempotencyKey']).doNothing())
          .returningAll()
          .executeTakeFirst();
        if (!tip) return { tip: null, requestId: null };
        if (owned) {
          await trx
            .updateTable('requests')
            .set({
              tipAmount: tipsAddedUp(Number(owned.tipAmount), Number(tip.amount)),
              tipClicked: true,
              updatedAt: new Date(),
            })
            .where('id', '=', owned.id)
            .execute();
        }
        return { tip, requestId };
      });
    },

    /**
     * Marks the musician's tip received and adds its amount to its request's tip_received, in
     * one transaction under the musician's lock, so two calls at once count it once: the second
     * finds it received and changes nothing. Undefined when the musician has no such tip.
     */
    async markReceived(musicianId: string, tipId: string): Promise<MarkedReceived | undefined> {
      return db.transaction().execute(async (trx) => {
        await lockMusician(trx, musicianId);
        const tip = await trx
          .selectFrom('tips')
          .selectAll()
          .where('id', '=', tipId)
          .where('musicianId', '=', musicianId)
          .executeTakeFirst();
        if (!tip) return undefined;
        if (tip.receivedAt) return { tip, requestId: null };
        const now = new Date();
        const received = await trx
          .updateTable('tips')
          .set({ receivedAt: now })
          .where('id', '=', tip.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        const request = tip.requestId
          ? await trx
              .selectFrom('requests')
              .select(['id', 'tipReceived'])
              .where('id', '=', tip.requestId)
              .where('musicianId', '=', musicianId)
              .executeTakeFirst()
          : undefined;
        if (!request) return { tip: received, requestId: null };
        await trx
          .updateTable('requests')
          .set({
            tipReceived: tipsAddedUp(Number(request.tipReceived), Number(tip.amount)),
            updatedAt: now,
          })
          .where('id', '=', request.id)
          .execute();
        return { tip: received, requestId: request.id };
      });
    },
  };
}

export type TipsRepository = ReturnType<typeof tipsRepository>;
