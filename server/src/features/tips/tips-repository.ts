import type { Kysely, Transaction } from 'kysely';
import type { TipPlatform } from '#shared/audience-constants.ts';
import type { SubmissionLimit } from '#server/config.ts';
import { lockMusician } from '#server/db/locks.ts';
import type { DB } from '#server/db/tables.ts';
import { waitOfNewest } from '#server/db/window-limit.ts';
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
  /** The sending address, keyed (submission-source.ts): what the address's cap counts by. */
  source: string;
}

export interface TipLimits {
  /** One phone's tips (a sender without an X-Device-Id: its address's tips without one). */
  perRequester: SubmissionLimit;
  /** One address's tips, whatever device ids they name. */
  perAddress: SubmissionLimit;
  /** Everyone's tips to the musician in the last minute: the flood guard. */
  perMusicianPerMinute: number;
}

/** What recording a tip came to; a refusal carries the seconds until one more is allowed. */
export type RecordedTip =
  /** Recorded, with the musician's request that now carries it, if any. */
  | { outcome: 'created'; tip: TipRow; requestId: string | null }
  /** The Idempotency-Key recorded a tip already: that one, nothing written. */
  | { outcome: 'existing'; tip: TipRow }
  | { outcome: 'requester_limit'; waitSeconds: number }
  /** The musician's flood guard, or this address's cap. */
  | { outcome: 'musician_limit'; waitSeconds: number };

/** Which of the musician's tips a limit counts: all, one phone's, one address's. */
type Counted = { deviceId: string; source?: string } | { source: string } | undefined;

/**
 * Seconds until the musician's tips `counted` names let one more in (window-limit.ts): the
 * newest of them inside the window, `max` at most, read newest first through the musician's
 * indexes (tips_musician_created_idx, _device_idx, _source_idx).
 */
function waitOf(
  trx: Transaction<DB>,
  musicianId: string,
  counted: Counted,
  limit: SubmissionLimit,
  now: Date,
): Promise<number | null> {
  let query = trx.selectFrom('tips').where('musicianId', '=', musicianId);
  if (counted && 'deviceId' in counted) query = query.where('deviceId', '=', counted.deviceId);
  if (counted?.source !== undefined) query = query.where('source', '=', counted.source);
  return waitOfNewest(query, limit, now);
}

/** The first limit `values` is past, in the order the server answers; null under all of them. */
async function refusal(
  trx: Transaction<DB>,
  values: NewTip,
  limits: TipLimits,
  now: Date,
): Promise<RecordedTip | null> {
  const { musicianId, deviceId, source } = values;
  // A phone is counted by its id; a sender without one by its address's tips without one.
  const phone = deviceId ? { deviceId } : { deviceId: '', source };
  const requesterWait = await waitOf(trx, musicianId, phone, limits.perRequester, now);
  if (requesterWait !== null) return { outcome: 'requester_limit', waitSeconds: requesterWait };
  const minute = { max: limits.perMusicianPerMinute, windowMinutes: 1 };
  const floodWait =
    (await waitOf(trx, musicianId, undefined, minute, now)) ??
    (await waitOf(trx, musicianId, { source }, limits.perAddress, now));
  if (floodWait !== null) return { outcome: 'musician_limit', waitSeconds: floodWait };
  return null;
}

interface MarkedReceived {
  tip: TipRow;
  /** The musician's request whose tip_received grew; null when nothing changed. */
  requestId: string | null;
}

export function tipsRepository(db: Kysely<DB>) {
  return {
    async findByIdempotencyKey(musicianId: string, key: string): Promise<TipRow | undefined> {
      return db
        .selectFrom('tips')
        .selectAll()
        .where('musicianId', '=', musicianId)
        .where('idempotencyKey', '=', key)
        .executeTakeFirst();
    },

    /**
     * Records the tip unless a limit refuses it and, in the same transaction, puts its amount on
     * the request it follows, as a claim (tip_amount): it moves nothing until the musician marks
     * it received. The limits are counted under the musician's lock (db/locks.ts), taken first
     * in the transaction that inserts, so parallel tips are decided one after another and none
     * over-admits. A request id of another musician (or of none) is dropped without a word: the
     * answer must not tell a stranger whether it exists.
     */
    async record(values: NewTip, limits: TipLimits): Promise<RecordedTip> {
      return db.transaction().execute(async (trx): Promise<RecordedTip> => {
        await lockMusician(trx, values.musicianId);
        if (values.idempotencyKey !== null) {
          const existing = await trx
            .selectFrom('tips')
            .selectAll()
            .where('musicianId', '=', values.musicianId)
            .where('idempotencyKey', '=', values.idempotencyKey)
            .executeTakeFirst();
          if (existing) return { outcome: 'existing', tip: existing };
        }
        // After the lock: the time the rows read under it are judged at.
        const refused = await refusal(trx, values, limits, new Date());
        if (refused) return refused;
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
          .returningAll()
          .executeTakeFirstOrThrow();
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
        return { outcome: 'created', tip, requestId };
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
