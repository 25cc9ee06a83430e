import { UNDO_WINDOW_MS } from '#shared/limits.ts';
import type { SongRequest } from '#shared/schemas/request.ts';
import type { Payment, RefundReason } from '#server/db/tables.ts';
import { stripeErrorOf, type PaymentsContext } from './payments-context.ts';

/** A paid request not in the queue this long after its payment was deleted (or its show). */
const FILING_GRACE_MS = 60_000;

/**
 * Paid requests' money given back: one refused when Stripe said paid, one rejected once the undo
 * window has passed, one deleted, and those not played when their show ends.
 */
export function refundsService(ctx: PaymentsContext) {
  const { config, stripe, payments, events, log, clock } = ctx;

  /** Gives a paid request's money back, once: Stripe's idempotency key and the row's status. */
  async function refund(payment: Payment, reason: RefundReason): Promise<void> {
    const client = ctx.stripeOr404();
    if (payment.paymentIntentId) {
      await client.refunds.create(
        {
          payment_intent: payment.paymentIntentId,
          metadata: { payment_id: payment.id, reason },
          ...(config?.connect ? { reverse_transfer: true } : {}),
        },
        { idempotencyKey: `refund-${payment.id}` },
      );
    }
    const refunded = await payments.markRefunded(payment.id, reason);
    if (refunded?.requestId) await ctx.paymentChanged(refunded.musicianId, refunded.requestId);
  }

  /** Paid requests owed their money back, refunded; how many (the sweep logs it). */
  async function refundDue(musicianId?: string): Promise<number> {
    if (!stripe) return 0;
    const now = clock().getTime();
    const rejectedBefore = new Date(now - UNDO_WINDOW_MS);
    const due = await payments.refundsDue(
      rejectedBefore,
      new Date(now - FILING_GRACE_MS),
      musicianId,
    );
    for (const { payment, reason } of due) await refund(payment, reason);
    return due.length;
  }

  return {
    refund,
    refundDue,

    /**
     * Refunds follow the musician's moves: a paid request rejected is refunded once the undo
     * window has passed; a show ended refunds its paid requests not played.
     */
    listen(): void {
      if (!stripe) return;
      const sweep = (musicianId: string) =>
        void refundDue(musicianId).catch((error: unknown) =>
          log.error({ stripe: stripeErrorOf(error) }, 'refund failed; the sweep tries again'),
        );
      events.onEvent((event) => {
        if (event.name === 'request:updated') {
          const request = event.payload as SongRequest;
          if (request.status === 'rejected' && request.payment === 'paid') {
            setTimeout(() => sweep(event.musicianId), UNDO_WINDOW_MS + 500).unref();
          }
        }
        if (event.name === 'show:updated' && !(event.payload as { active: boolean }).active) {
          sweep(event.musicianId);
        }
        // A paid request deleted (alone, or with its show) is owed its money back.
        if (event.name === 'request:deleted') {
          setTimeout(() => sweep(event.musicianId), FILING_GRACE_MS + 500).unref();
        }
      });
    },
  };
}

export type RefundsService = ReturnType<typeof refundsService>;
