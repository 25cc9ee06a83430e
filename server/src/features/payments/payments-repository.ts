import type { Kysely } from 'kysely';
import { OPEN_REQUEST_STATUSES } from '#shared/schemas/request.ts';
import { creationTime } from '#server/db/creation-clock.ts';
import { lockMusician } from '#server/db/locks.ts';
import { isUniqueViolation } from '#server/db/pg-errors.ts';
import type { DB, Payment, PaymentKind, RefundReason } from '#server/db/tables.ts';
import { tipsAddedUp } from '#server/submissions/request-tips.ts';

export interface NewPayment {
  /** Chosen before the row exists when the phone is told something keyed by it. */
  id?: string;
  musicianId: string;
  kind: PaymentKind;
  amount: number;
  requestId: string | null;
  tipperName: string;
  message: string;
  submission: string | null;
  heldRequestId: string | null;
  statusTokenHash: string | null;
}

/** A payment Stripe just said was paid: `newly` false when an earlier event said so first. */
export interface PaidPayment {
  payment: Payment;
  newly: boolean;
  /** A card tip's request, credited with its amount (to push and reorder). */
  creditedRequestId: string | null;
}

/** A paid request owed its money back: rejected (past the undo window), or its show ended. */
export interface RefundDue {
  payment: Payment;
  reason: RefundReason;
}

/**
 * Card payments as stored. Stripe's word moves a payment along (open -> paid -> refunded, or
 * open -> expired), each step one conditional UPDATE, so an event delivered twice, or two
 * processes handling it at once, count it once.
 */
export function paymentsRepository(db: Kysely<DB>) {
  return {
    /**
     * The row, before Checkout exists; its session id is set once Stripe made it. A retry of the
     * same submission names the same id (from its Idempotency-Key): it gets the row already made.
     */
    async insert(values: NewPayment): Promise<{ payment: Payment; created: boolean }> {
      try {
        const payment = await db
          .insertInto('payments')
          .values({ ...values, createdAt: creationTime() })
          .returningAll()
          .executeTakeFirstOrThrow();
        return { payment, created: true };
      } catch (error) {
        if (!values.id || !isUniqueViolation(error)) throw error;
        const payment = await db
          .selectFrom('payments')
          .selectAll()
          .where('id', '=', values.id)
          .where('musicianId', '=', values.musicianId)
          .executeTakeFirst();
        if (!payment) throw error;
        return { payment, created: false };
      }
    },

    async setCheckoutSession(id: string, sessionId: string): Promise<void> {
      await db
        .updateTable('payments')
        .set({ checkoutSessionId: sessionId })
        .where('id', '=', id)
        .execute();
    },

    /** Checkout never opened (Stripe refused or could not be reached): nothing is owed. */
    async remove(id: string): Promise<void> {
      await db.deleteFrom('payments').where('id', '=', id).where('status', '=', 'open').execute();
    },

    async findBySession(sessionId: string): Promise<Payment | undefined> {
      return db
        .selectFrom('payments')
        .selectAll()
        .where('checkoutSessionId', '=', sessionId)
        .executeTakeFirst();
    },

    async findByPaymentIntent(paymentIntentId: string): Promise<Payment | undefined> {
      return db
        .selectFrom('payments')
        .selectAll()
        .where('paymentIntentId', '=', paymentIntentId)
        .executeTakeFirst();
    },

    async findByStatusToken(hash: string): Promise<Payment | undefined> {
      return db
        .selectFrom('payments')
        .selectAll()
        .where('statusTokenHash', '=', hash)
        .executeTakeFirst();
    },

    /** The song a paid request asks for, unless hidden: its musician, title and artist. */
    async requestableSong(songId: string) {
      return db
        .selectFrom('songs')
        .select(['musicianId', 'title', 'artist'])
        .where('id', '=', songId)
        .where('hidden', '=', false)
        .executeTakeFirst();
    },

    /** Whether the request is this musician's (and shown: a blocked requester's is no one's). */
    async requestOwnedBy(musicianId: string, requestId: string): Promise<boolean> {
      const row = await db
        .selectFrom('requests')
        .select('id')
        .where('id', '=', requestId)
        .where('musicianId', '=', musicianId)
        .where('blocked', '=', false)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** An event acted on: false when it was already (a replay, or another process had it). */
    async recordEvent(eventId: string): Promise<boolean> {
      try {
        await db.insertInto('paymentEvents').values({ id: eventId }).execute();
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },

    async eventSeen(eventId: string): Promise<boolean> {
      const row = await db
        .selectFrom('paymentEvents')
        .select('id')
        .where('id', '=', eventId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Open -> paid, and a card tip's amount onto its request's tip (received and claimed), in one
     * transaction under the musician's lock. Again for a payment already paid: `newly` false,
     * nothing credited twice.
     */
    async markPaid(
      sessionId: string,
      paymentIntentId: string | null,
      /** The service's clock: the refund sweep measures its grace from this instant. */
      now: Date,
    ): Promise<PaidPayment | undefined> {
      const found = await this.findBySession(sessionId);
      if (!found) return undefined;
      return db.transaction().execute(async (trx) => {
        await lockMusician(trx, found.musicianId);
        const paid = await trx
          .updateTable('payments')
          .set({ status: 'paid', paidAt: now, paymentIntentId })
          .where('id', '=', found.id)
          .where('status', '=', 'open')
          .returningAll()
          .executeTakeFirst();
        if (!paid) {
          const current = await trx
            .selectFrom('payments')
            .selectAll()
            .where('id', '=', found.id)
            .executeTakeFirstOrThrow();
          return { payment: current, newly: false, creditedRequestId: null };
        }
        if (paid.kind !== 'tip' || !paid.requestId) {
          return { payment: paid, newly: true, creditedRequestId: null };
        }
        const request = await trx
          .selectFrom('requests')
          .select(['id', 'tipAmount', 'tipReceived'])
          .where('id', '=', paid.requestId)
          .where('musicianId', '=', paid.musicianId)
          .executeTakeFirst();
        if (!request) return { payment: paid, newly: true, creditedRequestId: null };
        const amount = Number(paid.amount);
        await trx
          .updateTable('requests')
          .set({
            tipAmount: tipsAddedUp(Number(request.tipAmount), amount),
            tipReceived: tipsAddedUp(Number(request.tipReceived), amount),
            tipClicked: true,
            updatedAt: now,
          })
          .where('id', '=', request.id)
          .execute();
        return { payment: paid, newly: true, creditedRequestId: request.id };
      });
    },

    /** Stripe's fee, once known (it is read after the payment). */
    async setFee(id: string, fee: number): Promise<void> {
      await db
        .updateTable('payments')
        .set({ fee: String(fee) })
        .where('id', '=', id)
        .execute();
    },

    /** A paid request filed (or joined) under this request. */
    async setRequest(id: string, requestId: string): Promise<void> {
      await db.updateTable('payments').set({ requestId }).where('id', '=', id).execute();
    },

    /**
     * The held submission once filed, refused or expired: only what the status page and the
     * books still read (the request's id and its song), never the requester's email, name or
     * dedication, which the request (if any) now holds.
     */
    async forgetRequester(where: { id: string } | { checkoutSessionId: string }): Promise<void> {
      const [column, value] =
        'id' in where
          ? (['id', where.id] as const)
          : (['checkoutSessionId', where.checkoutSessionId] as const);
      const row = await db
        .selectFrom('payments')
        .select(['id', 'submission'])
        .where(column, '=', value)
        .executeTakeFirst();
      if (!row?.submission) return;
      const { requestId, songTitle, songArtist } = JSON.parse(row.submission) as Record<
        string,
        unknown
      >;
      await db
        .updateTable('payments')
        .set({ submission: JSON.stringify({ requestId, songTitle, songArtist }) })
        .where('id', '=', row.id)
        .execute();
    },

    /** The request a paid +1 or a repeated ask joined becomes a paid one. */
    async markRequestPaid(musicianId: string, requestId: string): Promise<void> {
      await db
        .updateTable('requests')
        .set({ payment: 'paid', updatedAt: new Date() })
        .where('id', '=', requestId)
        .where('musicianId', '=', musicianId)
        .execute();
    },

    async markExpired(sessionId: string): Promise<void> {
      await db
        .updateTable('payments')
        .set({ status: 'expired' })
        .where('checkoutSessionId', '=', sessionId)
        .where('status', '=', 'open')
        .execute();
    },

    /**
     * Paid -> refunded; a paid request's request reads 'refunded' when no other payment of it
     * is still paid. False when it was refunded already.
     */
    async markRefunded(
      paymentId: string,
      reason: RefundReason | null,
    ): Promise<Payment | undefined> {
      return db.transaction().execute(async (trx) => {
        const now = new Date();
        const refunded = await trx
          .updateTable('payments')
          .set({ status: 'refunded', refundedAt: now, refundReason: reason })
          .where('id', '=', paymentId)
          .where('status', '=', 'paid')
          .returningAll()
          .executeTakeFirst();
        if (!refunded && reason !== null) {
          // Stripe's charge.refunded webhook for our own refund can land before the refund's
          // answer does, and marks the payment refunded knowing no reason: ours fills it in.
          await trx
            .updateTable('payments')
            .set({ refundReason: reason })
            .where('id', '=', paymentId)
            .where('status', '=', 'refunded')
            .where('refundReason', 'is', null)
            .execute();
        }
        if (!refunded?.requestId) return refunded;
        if (refunded.kind === 'tip') {
          // A card tip given back leaves its request's money (and its place under 'tips').
          const request = await trx
            .selectFrom('requests')
            .select(['tipAmount', 'tipReceived'])
            .where('id', '=', refunded.requestId)
            .executeTakeFirst();
          if (request) {
            const amount = -Number(refunded.amount);
            await trx
              .updateTable('requests')
              .set({
                tipAmount: Math.max(0, tipsAddedUp(Number(request.tipAmount), amount)),
                tipReceived: Math.max(0, tipsAddedUp(Number(request.tipReceived), amount)),
                updatedAt: now,
              })
              .where('id', '=', refunded.requestId)
              .execute();
          }
          return refunded;
        }
        const stillPaid = await trx
          .selectFrom('payments')
          .select('id')
          .where('requestId', '=', refunded.requestId)
          .where('kind', '=', 'request')
          .where('status', '=', 'paid')
          .executeTakeFirst();
        if (!stillPaid) {
          await trx
            .updateTable('requests')
            .set({ payment: 'refunded', updatedAt: now })
            .where('id', '=', refunded.requestId)
            .execute();
        }
        return refunded;
      });
    },

    /**
     * Paid requests owed their money back (one musician's, or everyone's): rejected before
     * `rejectedBefore` (after that the musician can no longer take it back), still unplayed in
     * a show that is no longer running, or deleted (paid before `paidBefore`, so one being filed
     * this moment is not taken for gone).
     */
    async refundsDue(
      rejectedBefore: Date,
      paidBefore: Date,
      musicianId?: string,
    ): Promise<RefundDue[]> {
      return [
        ...(await this.refundsOfRequests(rejectedBefore, musicianId)),
        ...(await this.refundsOfDeleted(paidBefore, musicianId)),
      ];
    },

    async refundsOfDeleted(paidBefore: Date, musicianId?: string): Promise<RefundDue[]> {
      let query = db
        .selectFrom('payments as p')
        .selectAll('p')
        .where('p.kind', '=', 'request')
        .where('p.status', '=', 'paid')
        .where('p.requestId', 'is', null)
        .where('p.paidAt', '<', paidBefore)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('requests as r')
                .select('r.id')
                .whereRef('r.id', '=', 'p.heldRequestId'),
            ),
          ),
        );
      if (musicianId !== undefined) query = query.where('p.musicianId', '=', musicianId);
      const rows = await query.execute();
      return rows.map((payment) => ({ payment, reason: 'deleted' as const }));
    },

    async refundsOfRequests(rejectedBefore: Date, musicianId?: string): Promise<RefundDue[]> {
      let query = db
        .selectFrom('payments as p')
        .innerJoin('requests as r', 'r.id', 'p.requestId')
        .leftJoin('shows as sh', 'sh.id', 'r.showId')
        .selectAll('p')
        .select(['r.status as requestStatus'])
        .where('p.kind', '=', 'request')
        .where('p.status', '=', 'paid')
        .where((eb) =>
          eb.or([
            eb.and([
              eb('r.status', '=', 'rejected'),
              eb('r.statusChangedAt', '<=', rejectedBefore),
            ]),
            eb.and([
              eb('r.status', 'in', OPEN_REQUEST_STATUSES),
              eb('sh.status', 'is not', null),
              eb('sh.status', '!=', 'active'),
            ]),
          ]),
        );
      if (musicianId !== undefined) query = query.where('p.musicianId', '=', musicianId);
      const rows = await query.execute();
      return rows.map(({ requestStatus, ...payment }) => ({
        payment,
        reason: requestStatus === 'rejected' ? 'rejected' : 'show_ended',
      }));
    },

    /** The musician's Stripe account, and whether it can take charges (Connect). */
    async setStripeAccount(musicianId: string, accountId: string): Promise<void> {
      await db
        .updateTable('musicians')
        .set({ stripeAccountId: accountId })
        .where('id', '=', musicianId)
        .execute();
    },

    /** account.updated: the musicians of this account take cards, or stop. Their ids. */
    async setChargesEnabled(accountId: string, enabled: boolean): Promise<string[]> {
      const rows = await db
        .updateTable('musicians')
        .set({ cardPaymentsEnabled: enabled, updatedAt: new Date() })
        .where('stripeAccountId', '=', accountId)
        .where('cardPaymentsEnabled', '!=', enabled)
        .returning('id')
        .execute();
      return rows.map((row) => row.id);
    },

    async setCardPaymentsEnabled(musicianId: string, enabled: boolean): Promise<void> {
      await db
        .updateTable('musicians')
        .set({ cardPaymentsEnabled: enabled })
        .where('id', '=', musicianId)
        .execute();
    },
  };
}

export type PaymentsRepository = ReturnType<typeof paymentsRepository>;
