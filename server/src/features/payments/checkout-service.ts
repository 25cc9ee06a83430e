import { AUDIENCE_PAGE, pageAddress } from '#shared/app-pages.ts';
import { messages } from '#shared/messages.ts';
import type { RequestStatusView } from '#shared/schemas/audience.ts';
import type { CardTipData, CheckoutState } from '#shared/schemas/payments.ts';
import type { CreateRequestData, PaidRequestCheckout } from '#shared/schemas/request.ts';
import type { Payment } from '#server/db/tables.ts';
import { badRequest, notFound, serviceUnavailable } from '#server/http/errors.ts';
import type { MusicianRow } from '#server/musicians/musician-mapper.ts';
import { requestsOpen } from '#server/musicians/request-window.ts';
import { keyedStatusToken, statusTokenHash } from '#server/submissions/status-token.ts';
import { submissionSource } from '#server/submissions/submission-source.ts';
import {
  filingKey,
  stripeErrorOf,
  type HeldSubmission,
  type PaymentsContext,
} from './payments-context.ts';
import { toCents } from './stripe-client.ts';

/** Stripe's shortest Checkout: a held paid request cannot be paid for hours later. */
const CHECKOUT_MINUTES = 30;

/** Sixteen bytes as a version 4 UUID (the columns are uuid on PostgreSQL). */
function asUuid(bytes: Uint8Array): string {
  const b = Buffer.from(bytes);
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = b.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Stripe's hosted Checkout pages for card tips and paid requests, and what the phone is told
 * before Stripe has the last word: a paid request is held unseen until the webhook says paid.
 */
export function checkoutService(ctx: PaymentsContext) {
  const { config, payments, musicians, log, clock } = ctx;

  /**
   * A payment's id (and a paid request's): from the Idempotency-Key when the phone sent one, so
   * a submit retried after the network dropped gets the same Checkout, not a second charge.
   */
  async function idsFor(
    musicianId: string,
    purpose: string,
    idempotencyKey: string | null,
  ): Promise<[string, string]> {
    if (!idempotencyKey) return [crypto.randomUUID(), crypto.randomUUID()];
    const bytes = await ctx.keys.derive(`${purpose}-ids`, musicianId, idempotencyKey);
    return [asUuid(bytes.subarray(0, 16)), asUuid(bytes.subarray(16, 32))];
  }

  /** Stripe's hosted page for this payment; the row goes if Stripe cannot make one. */
  async function openCheckout(
    musician: MusicianRow,
    { payment, created }: { payment: Payment; created: boolean },
    product: string,
    successPath: string,
  ): Promise<string> {
    const client = ctx.stripeOr404();
    const pageUrl = `${ctx.publicUrl}${pageAddress(AUDIENCE_PAGE, encodeURIComponent(musician.slug))}`;
    const destination = config?.connect ? musician.stripeAccountId : null;
    const metadata = { payment_id: payment.id, musician_id: musician.id };
    try {
      const session = await client.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: payment.currency,
                unit_amount: toCents(Number(payment.amount)),
                product_data: { name: product },
              },
            },
          ],
          success_url: `${pageUrl}${successPath}`,
          cancel_url: pageUrl,
          client_reference_id: payment.id,
          expires_at: Math.floor(clock().getTime() / 1000) + CHECKOUT_MINUTES * 60,
          metadata,
          payment_intent_data: {
            metadata,
            ...(destination ? { transfer_data: { destination } } : {}),
          },
        },
        { idempotencyKey: `checkout-${payment.id}` },
      );
      if (!session.url) throw new Error('Checkout Session without a url');
      await payments.setCheckoutSession(payment.id, session.id);
      return session.url;
    } catch (error) {
      // A retry's row stays: the first try may yet be paid.
      if (created) await payments.remove(payment.id);
      log.error({ stripe: stripeErrorOf(error), paymentId: payment.id }, 'checkout not opened');
      throw serviceUnavailable(messages.paymentUnreachable);
    }
  }

  return {
    /** POST /musicians/{slug}/card-tips: a Checkout page for this tip. */
    async createCardTip(
      slug: string,
      data: CardTipData,
      idempotencyKey: string | null,
    ): Promise<{ checkout_url: string }> {
      const musician = await musicians.findBySlug(slug);
      if (!musician) throw notFound(messages.musicianNotFound);
      if (!musician.tipsEnabled || !ctx.takesCards(musician)) {
        throw notFound(messages.cardTipsNotTaken);
      }
      let requestId: string | null = null;
      if (data.request_id) {
        // Another musician's request, or none: a tip cannot move what is not this musician's.
        if (!(await payments.requestOwnedBy(musician.id, data.request_id))) {
          throw notFound(messages.requestNotFound);
        }
        requestId = data.request_id;
      }
      const [paymentId] = await idsFor(musician.id, 'card-tip', idempotencyKey);
      const payment = await payments.insert({
        id: paymentId,
        musicianId: musician.id,
        kind: 'tip',
        amount: data.amount,
        requestId,
        tipperName: data.tipper_name,
        message: data.message,
        submission: null,
        heldRequestId: null,
        statusTokenHash: null,
      });
      const product = `Tip for ${musician.name}`;
      const url = await openCheckout(musician, payment, product, '?checkout={CHECKOUT_SESSION_ID}');
      return { checkout_url: url };
    },

    /**
     * POST /requests with "paid": a Checkout page for the musician's price. The request is held
     * (unseen) until Stripe says paid; the phone is given its id and status token now.
     */
    async startPaidRequest(
      data: CreateRequestData,
      idempotencyKey: string | null,
      deviceId: string,
      address: string,
    ): Promise<PaidRequestCheckout> {
      const song = await payments.requestableSong(data.song_id);
      if (!song) throw notFound(messages.requestSongUnavailable);
      const musician = await musicians.findById(song.musicianId);
      if (!musician) throw notFound(messages.requestSongUnavailable);
      if (!ctx.takesCards(musician) || musician.paidRequestPrice === null) {
        throw notFound(messages.paidRequestsNotTaken);
      }
      if (!requestsOpen(musician, clock())) throw badRequest(messages.requestsDisabled);
      const [paymentId, requestId] = await idsFor(musician.id, 'paid-request', idempotencyKey);
      const token = await keyedStatusToken(ctx.keys, musician.id, filingKey(paymentId));
      const held: HeldSubmission = {
        requestId,
        // Money moves by payment only: the phone's tip claim is not carried into a paid request.
        data: { ...data, tip_amount: 0, paid: true },
        deviceId,
        source: await submissionSource(ctx.keys, musician.id, address),
        songTitle: song.title,
        songArtist: song.artist,
      };
      const payment = await payments.insert({
        id: paymentId,
        musicianId: musician.id,
        kind: 'request',
        amount: Number(musician.paidRequestPrice),
        requestId: null,
        tipperName: data.requester_name,
        message: '',
        submission: JSON.stringify(held),
        heldRequestId: requestId,
        statusTokenHash: token.hash,
      });
      const product = `Request: ${song.title} — ${musician.name}`;
      const url = await openCheckout(
        musician,
        payment,
        product.slice(0, 250),
        '?checkout={CHECKOUT_SESSION_ID}',
      );
      // A retry answers the first try's request, whatever this one sent.
      const heldId = payment.payment.heldRequestId ?? requestId;
      return { id: heldId, status_token: token.token, checkout_url: url };
    },

    /** GET /payments/checkout/{session}: what the phone back from Checkout is told. */
    async checkoutState(sessionId: string): Promise<CheckoutState> {
      const payment = await payments.findBySession(sessionId);
      if (!payment) throw notFound(messages.paymentNotFound);
      return { kind: payment.kind, status: payment.status, amount: Number(payment.amount) };
    },

    /**
     * A paid request's status before it exists (waiting for Stripe), or after it was refused
     * and refunded; undefined when the token is no paid request's.
     */
    async heldStatus(token: string): Promise<RequestStatusView | undefined> {
      const hash = statusTokenHash(token);
      const payment = hash ? await payments.findByStatusToken(hash) : undefined;
      if (!payment || payment.status === 'expired') return undefined;
      if (payment.status === 'paid' && payment.requestId) return undefined;
      const held = JSON.parse(payment.submission ?? 'null') as HeldSubmission | null;
      if (!held) return undefined;
      const refunded = payment.status === 'refunded';
      return {
        id: held.requestId,
        song_title: held.songTitle,
        song_artist: held.songArtist,
        status: refunded ? 'rejected' : 'pending',
        updated_at: (payment.refundedAt ?? payment.createdAt).toISOString(),
        queue_position: null,
        payment: refunded ? 'refunded' : 'awaiting',
      };
    },
  };
}
