import type Stripe from 'stripe';
import { messages } from '#shared/messages.ts';
import type { Payment } from '#server/db/tables.ts';
import { badRequest, HttpError } from '#server/http/errors.ts';
import {
  filingKey,
  stripeErrorOf,
  type HeldSubmission,
  type PaymentsContext,
} from './payments-context.ts';
import type { RefundsService } from './refunds-service.ts';
import { toCents } from './stripe-client.ts';

/**
 * Stripe's signed events, the only word that makes a payment count: a Checkout paid (a tip
 * credited, a held paid request filed), a refund made in Stripe's dashboard, a Connect account
 * able to take charges or not.
 */
export function webhookService(ctx: PaymentsContext, refunds: RefundsService) {
  const { config, payments, requests, log, clock } = ctx;

  /** Files a paid request as its phone sent it; refused now (window closed, a limit), refunded. */
  async function fileHeld(payment: Payment): Promise<void> {
    const held = JSON.parse(payment.submission ?? 'null') as HeldSubmission | null;
    if (!held?.data) return;
    try {
      const filed = await requests.create(
        held.data,
        filingKey(payment.id),
        held.deviceId,
        '',
        undefined,
        { id: held.requestId, source: held.source },
      );
      await payments.setRequest(payment.id, filed.id);
      await payments.forgetRequester({ id: payment.id });
      if ('already_requested' in filed) {
        // The same person's song was waiting already: that request becomes the paid one.
        await payments.markRequestPaid(payment.musicianId, filed.id);
        await ctx.paymentChanged(payment.musicianId, filed.id);
      }
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
      log.info({ paymentId: payment.id, status: error.statusCode }, 'paid request not admitted');
      await payments.forgetRequester({ id: payment.id });
      await refunds.refund(payment, 'not_admitted');
    }
  }

  /** Stripe's fee for the books, where it tells it; the payment counts without it. */
  async function readFee(payment: Payment, paymentIntentId: string): Promise<void> {
    try {
      const intent = await ctx.stripeOr404().paymentIntents.retrieve(paymentIntentId, {
        expand: ['latest_charge.balance_transaction'],
      });
      const charge = intent.latest_charge;
      const balance = typeof charge === 'object' ? charge?.balance_transaction : undefined;
      if (balance && typeof balance === 'object') {
        await payments.setFee(payment.id, balance.fee / 100);
      }
    } catch (error) {
      log.warn({ stripe: stripeErrorOf(error), paymentId: payment.id }, 'fee not read');
    }
  }

  async function checkoutCompleted(session: Stripe.Checkout.Session): Promise<void> {
    // Bank debits complete later: async_payment_succeeded says when.
    if (session.payment_status !== 'paid') return;
    const payment = await payments.findBySession(session.id);
    if (!payment) {
      log.warn({ session: session.id }, 'webhook for a Checkout Session not ours');
      return;
    }
    if (
      session.amount_total !== toCents(Number(payment.amount)) ||
      session.currency !== payment.currency
    ) {
      log.error({ paymentId: payment.id }, 'webhook amount differs from the payment: ignored');
      return;
    }
    const intent = session.payment_intent;
    const intentId = typeof intent === 'string' ? intent : (intent?.id ?? null);
    const paid = await payments.markPaid(session.id, intentId, clock());
    if (!paid) return;
    if (paid.creditedRequestId) {
      await ctx.paymentChanged(paid.payment.musicianId, paid.creditedRequestId);
    }
    // Again after a crash between paid and filed: the filing's key files it once.
    if (paid.payment.kind === 'request' && !paid.payment.requestId) await fileHeld(paid.payment);
    if (paid.newly && intentId) await readFee(paid.payment, intentId);
  }

  /** A refund made elsewhere (Stripe's dashboard): the payment reads refunded here too. */
  async function chargeRefunded(charge: Stripe.Charge): Promise<void> {
    if (!charge.refunded) return;
    const intent = charge.payment_intent;
    const intentId = typeof intent === 'string' ? intent : intent?.id;
    const payment = intentId ? await payments.findByPaymentIntent(intentId) : undefined;
    if (!payment || payment.status !== 'paid') return;
    const refunded = await payments.markRefunded(payment.id, null);
    if (refunded?.requestId) await ctx.paymentChanged(refunded.musicianId, refunded.requestId);
  }

  async function accountUpdated(account: Stripe.Account): Promise<void> {
    const changed = await payments.setChargesEnabled(account.id, account.charges_enabled);
    for (const musicianId of changed) await ctx.pushMusician(musicianId);
  }

  return {
    /**
     * POST /payments/webhook: Stripe's event, believed only with a good signature over the
     * exact bytes sent. An event already acted on changes nothing (a replay, a retry).
     */
    async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
      const client = ctx.stripeOr404();
      let event: Stripe.Event;
      try {
        event = client.webhooks.constructEvent(rawBody, signature ?? '', config!.webhookSecret);
      } catch {
        throw badRequest(messages.webhookSignatureInvalid);
      }
      if (await payments.eventSeen(event.id)) return;
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded':
          await checkoutCompleted(event.data.object);
          break;
        case 'checkout.session.expired':
          await payments.markExpired(event.data.object.id);
          await payments.forgetRequester({ checkoutSessionId: event.data.object.id });
          break;
        case 'charge.refunded':
          await chargeRefunded(event.data.object);
          break;
        case 'account.updated':
          await accountUpdated(event.data.object);
          break;
        default:
          break;
      }
      // Written last: an event that failed half-way is acted on again when Stripe retries it.
      await payments.recordEvent(event.id);
    },
  };
}
