import type { Kysely, Selectable } from 'kysely';
import { OPEN_REQUEST_STATUSES, type RequestStatus } from '#shared/request-statuses.ts';
import type { DB, PushSubscriptionsTable } from '#server/db/tables.ts';

export type StoredPushSubscription = Selectable<PushSubscriptionsTable>;

/** The request a status token follows: its own, or the one its +1 was merged into. */
export interface TokenTarget {
  requestId: string;
  musicianId: string;
  status: RequestStatus;
  /** Set when the token is a +1's: that person's row of request_voters. */
  voterId: string | null;
}

/** What a push about a request may say of it: its song, its state, where its page is. */
export interface PushedRequest {
  songTitle: string;
  songArtist: string;
  dedication: string;
  status: RequestStatus;
  playedAt: Date | null;
  slug: string;
}

/** What a phone's subscribing stores: the row but for what the server fills in itself. */
export type NewPushSubscription = Pick<
  StoredPushSubscription,
  'requestId' | 'musicianId' | 'voterId' | 'endpoint' | 'p256dh' | 'auth' | 'locale' | 'timeZone'
>;

/** A request keeps this many browsers to tell; another one replaces the oldest. */
export const SUBSCRIPTIONS_PER_REQUEST = 3;

export function pushSubscriptionsRepository(db: Kysely<DB>) {
  return {
    async targetOfToken(tokenHash: string): Promise<TokenTarget | undefined> {
      const own = await db
        .selectFrom('requests')
        .select(['id', 'musicianId', 'status'])
        .where('statusTokenHash', '=', tokenHash)
        .executeTakeFirst();
      if (own)
        return { requestId: own.id, musicianId: own.musicianId, status: own.status, voterId: null };
      const merged = await db
        .selectFrom('requestVoters as v')
        .innerJoin('requests as r', 'r.id', 'v.requestId')
        .select(['r.id', 'r.musicianId', 'r.status', 'v.id as voterId'])
        .where('v.statusTokenHash', '=', tokenHash)
        .executeTakeFirst();
      return (
        merged && {
          requestId: merged.id,
          musicianId: merged.musicianId,
          status: merged.status,
          voterId: merged.voterId,
        }
      );
    },

    /**
     * Stores the browser for its request (the same endpoint again replaces its keys, language and
     * clock, and keeps whether it heard "Up Next"), then keeps the newest few of the request.
     */
    async save(subscription: NewPushSubscription): Promise<void> {
      const createdAt = new Date();
      await db.transaction().execute(async (trx) => {
        const saved = await trx
          .insertInto('pushSubscriptions')
          .values({ ...subscription, createdAt })
          .onConflict((conflict) =>
            conflict.columns(['requestId', 'endpoint']).doUpdateSet({
              voterId: subscription.voterId,
              p256dh: subscription.p256dh,
              auth: subscription.auth,
              locale: subscription.locale,
              timeZone: subscription.timeZone,
              createdAt,
            }),
          )
          .returning('id')
          .executeTakeFirstOrThrow();
        // This one, and the newest of the others.
        const newestOthers = trx
          .selectFrom('pushSubscriptions')
          .select('id')
          .where('requestId', '=', subscription.requestId)
          .where('id', '!=', saved.id)
          .orderBy('createdAt', 'desc')
          .limit(SUBSCRIPTIONS_PER_REQUEST - 1);
        await trx
          .deleteFrom('pushSubscriptions')
          .where('requestId', '=', subscription.requestId)
          .where('id', '!=', saved.id)
          .where('id', 'not in', newestOthers)
          .execute();
      });
    },

    async pushedRequest(requestId: string): Promise<PushedRequest | undefined> {
      return db
        .selectFrom('requests as r')
        .innerJoin('musicians as m', 'm.id', 'r.musicianId')
        .select(['r.songTitle', 'r.songArtist', 'r.dedication', 'r.status', 'r.playedAt', 'm.slug'])
        .where('r.id', '=', requestId)
        .executeTakeFirst();
    },

    /**
     * The request's browsers not yet told "Up Next", marked told in the same statement: of two
     * processes (or two events) only one gets each row.
     */
    async claimUpNext(requestId: string, at: Date): Promise<StoredPushSubscription[]> {
      return db
        .updateTable('pushSubscriptions')
        .set({ upNextSentAt: at })
        .where('requestId', '=', requestId)
        .where('upNextSentAt', 'is', null)
        .returningAll()
        .execute();
    },

    /** Every browser of the request, deleted as they are read: the last thing they are told. */
    async takeAll(requestId: string): Promise<StoredPushSubscription[]> {
      return db
        .deleteFrom('pushSubscriptions')
        .where('requestId', '=', requestId)
        .returningAll()
        .execute();
    },

    /** The push service said this browser's subscription is gone (404 or 410). */
    async remove(id: string): Promise<void> {
      await db.deleteFrom('pushSubscriptions').where('id', '=', id).execute();
    },

    /** The dedications +1s wrote, by their row of request_voters. */
    async voterDedications(voterIds: string[]): Promise<Map<string, string>> {
      if (voterIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('requestVoters')
        .select(['id', 'dedication'])
        .where('id', 'in', voterIds)
        .execute();
      return new Map(rows.map((row) => [row.id, row.dedication]));
    },

    /** The show ended: no waiting request of the musician tells anyone any more. */
    async removeWaiting(musicianId: string): Promise<number> {
      const waiting = db
        .selectFrom('requests')
        .select('id')
        .where('musicianId', '=', musicianId)
        .where('status', 'in', OPEN_REQUEST_STATUSES);
      const result = await db
        .deleteFrom('pushSubscriptions')
        .where('musicianId', '=', musicianId)
        .where('requestId', 'in', waiting)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Housekeeping: a subscription lives one night at most, whatever became of its request. */
    async deleteCreatedBefore(before: Date): Promise<number> {
      const result = await db
        .deleteFrom('pushSubscriptions')
        .where('createdAt', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type PushSubscriptionsRepository = ReturnType<typeof pushSubscriptionsRepository>;
