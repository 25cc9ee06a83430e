import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { AUDIENCE_PAGE, pageAddress } from '#shared/app-pages.ts';
import { UNDO_WINDOW_MS } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import type { RequestStatusView } from '#shared/schemas/audience.ts';
import type {
  CardTipData,
  CheckoutState,
  OnboardingLink,
  PaymentsAccount,
} from '#shared/schemas/payments.ts';
import type {
  AlreadyRequested,
  CreateRequestData,
  CreatedRequest,
  PaidRequestCheckout,
  SongRequest,
} from '#shared/schemas/request.ts';
import type { DerivedKeys } from '#server/db/derived-keys.ts';
import type { Payment, RefundReason } from '#server/db/tables.ts';
import type { DomainEvents } from '#server/events/domain-events.ts';
import type { QueueReorder } from '#server/events/queue-reorder.ts';
import { badRequest, HttpError, notFound, serviceUnavailable } from '#server/http/errors.ts';
import { keyedStatusToken, statusTokenHash } from '#server/submissions/status-token.ts';
import { toMusician, type MusicianRow } from '#server/musicians/musician-mapper.ts';
import type { MusiciansRepository } from '#server/musicians/musicians-repository.ts';
import { requestsOpen } from '#server/musicians/request-window.ts';
import { submissionSource } from '#server/submissions/submission-source.ts';
import { paymentsMode } from './payments-mode.ts';
import type { PaymentsRepository } from './payments-repository.ts';
import { toCents } from './stripe-client.ts';
import type { StripeConfig } from './stripe-config.ts';

/** What a paid request files once Stripe says it is paid: the phone's submission, kept. */
interface HeldSubmission {
  requestId: string;
  data: CreateRequestData;
  deviceId: string;
  source: string;
  songTitle: string;
  songArtist: string;
}

/** The requests feature's filing, injected by services.ts (requests-service.ts). */
export interface PaidRequestFiling {
  create(
    data: CreateRequestData,
    idempotencyKey: string | null,
    deviceId: string,
    address: string,
    timeZone: string | undefined,
    paid: { id: string; source: string },
  ): Promise<CreatedRequest | AlreadyRequested>;
  findById(requestId: string): Promise<SongRequest | undefined>;
}

interface Deps {
  config: StripeConfig | undefined;
  stripe: Stripe | undefined;
  /** The audience host: Checkout comes back to the musician's page there. */
  publicUrl: string;
  payments: PaymentsRepository;
  musicians: MusiciansRepository;
  requests: PaidRequestFiling;
  events: DomainEvents;
  keys: DerivedKeys;
  queue?: QueueReorder;
  log: FastifyBaseLogger;
  clock?: () => Date;
}

/** A paid request not in the queue this long after its payment was deleted (or its show). */
const FILING_GRACE_MS = 60_000;

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

/** The key a paid request files under: its retries, and the webhook's, file it once. */
const filingKey = (paymentId: string) => `paid-request:${paymentId}`;

/** The part of an error worth a log line: never the request the SDK sent (it names keys). */
const stripeErrorOf = (error: unknown) =>
  error instanceof Error
    ? { type: (error as { type?: string }).type, code: (error as { code?: string }).code }
    : {};

/**
 * Card payments through Stripe (issue 45): Checkout pages for card tips and paid requests, the
 * signed webhook that alone makes a payment count, refunds of paid requests not played, and a
 * musician's Connect onboarding. Stripe's word moves money; the phone's never does.
 */
export function paymentsService(deps: Deps) {
  const { config, stripe, payments, musicians, requests, events, log } = deps;
  const mode = paymentsMode(config);
  const clock = deps.clock ?? (() => new Date());

  function stripeOr404(): Stripe {
    if (!stripe || !config) throw notFound(messages.paymentsNotConfigured);
    return stripe;
  }

  /** Whether the audience may pay this musician by card now. */
  function takesCards(musician: MusicianRow): boolean {
    if (!config || !musician.cardPaymentsEnabled) return false;
    return !config.connect || musician.stripeAccountId !== null;
  }

  async function pushRequest(musicianId: string, requestId: string) {
    const request = await requests.findById(requestId);
    if (request) events.publish({ musicianId, name: 'request:updated', payload: request });
  }

  async function pushMusician(musicianId: string) {
    const row = await musicians.findById(musicianId);
    if (row) events.publish({ musicianId, name: 'profile:updated', payload: toMusician(row) });
  }

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
    const bytes = await deps.keys.derive(`${purpose}-ids`, musicianId, idempotencyKey);
    return [asUuid(bytes.subarray(0, 16)), asUuid(bytes.subarray(16, 32))];
  }

  /** Stripe's hosted page for this payment; the row goes if Stripe cannot make one. */
  async function openCheckout(
    musician: MusicianRow,
    { payment, created }: { payment: Payment; created: boolean },
    product: string,
    successPath: string,
  ): Promise<string> {
    const client = stripeOr404();
    const pageUrl = `${deps.publicUrl}${pageAddress(AUDIENCE_PAGE, encodeURIComponent(musician.slug))}`;
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

  /** Gives a paid request's money back, once: Stripe's idempotency key and the row's status. */
  async function refund(payment: Payment, reason: RefundReason): Promise<void> {
    const client = stripeOr404();
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
    if (refunded?.requestId) {
      await pushRequest(refunded.musicianId, refunded.requestId);
      await deps.queue?.reorder(refunded.musicianId);
    }
  }

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
        await pushRequest(payment.musicianId, filed.id);
        await deps.queue?.reorder(payment.musicianId);
      }
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
      log.info({ paymentId: payment.id, status: error.statusCode }, 'paid request not admitted');
      await payments.forgetRequester({ id: payment.id });
      await refund(payment, 'not_admitted');
    }
  }

  /** Stripe's fee for the books, where it tells it; the payment counts without it. */
  async function readFee(payment: Payment, paymentIntentId: string): Promise<void> {
    try {
      const intent = await stripeOr404().paymentIntents.retrieve(paymentIntentId, {
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
      await pushRequest(paid.payment.musicianId, paid.creditedRequestId);
      await deps.queue?.reorder(paid.payment.musicianId);
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
    if (refunded?.requestId) {
      await pushRequest(refunded.musicianId, refunded.requestId);
      await deps.queue?.reorder(refunded.musicianId);
    }
  }

  async function accountUpdated(account: Stripe.Account): Promise<void> {
    const changed = await payments.setChargesEnabled(account.id, account.charges_enabled);
    for (const musicianId of changed) await pushMusician(musicianId);
  }

  const service = {
    mode,

    /** Paid requests owed their money back, refunded; how many (the sweep logs it). */
    async refundDue(musicianId?: string): Promise<number> {
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
    },

    /** GET /payments/account: how this musician takes cards, Stripe asked when it decides. */
    async account(musicianId: string): Promise<PaymentsAccount> {
      const musician = await musicians.findById(musicianId);
      if (!musician) throw notFound(messages.musicianNotFound);
      if (mode === 'off') {
        return { mode, card_payments_enabled: false, account_connected: false };
      }
      if (mode === 'own_account') {
        return {
          mode,
          card_payments_enabled: musician.cardPaymentsEnabled,
          account_connected: true,
        };
      }
      let enabled = musician.cardPaymentsEnabled;
      if (musician.stripeAccountId) {
        try {
          const account = await stripeOr404().accounts.retrieve(musician.stripeAccountId);
          enabled = account.charges_enabled;
          const changed = await payments.setChargesEnabled(account.id, enabled);
          if (changed.length > 0) await pushMusician(musicianId);
        } catch (error) {
          log.warn({ stripe: stripeErrorOf(error) }, 'Stripe account not read');
        }
      }
      return {
        mode,
        card_payments_enabled: enabled,
        account_connected: musician.stripeAccountId !== null,
      };
    },

    /** POST /payments/connect: Stripe's onboarding for this musician (Connect only). */
    async connect(musicianId: string): Promise<OnboardingLink> {
      if (mode === 'off') throw badRequest(messages.paymentsNotConfigured);
      if (mode === 'own_account') throw badRequest(messages.paymentsConnectOnly);
      const client = stripeOr404();
      const musician = await musicians.findById(musicianId);
      if (!musician) throw notFound(messages.musicianNotFound);
      const back = `${deps.publicUrl}/dashboard?tab=profile&stripe=`;
      try {
        let accountId = musician.stripeAccountId;
        if (!accountId) {
          const account = await client.accounts.create(
            { type: 'express', metadata: { musician_id: musician.id } },
            { idempotencyKey: `account-${musician.id}` },
          );
          accountId = account.id;
          await payments.setStripeAccount(musician.id, accountId);
        }
        const link = await client.accountLinks.create({
          account: accountId,
          type: 'account_onboarding',
          return_url: `${back}return`,
          refresh_url: `${back}refresh`,
        });
        return { url: link.url };
      } catch (error) {
        log.error({ stripe: stripeErrorOf(error) }, 'Stripe onboarding not started');
        throw serviceUnavailable(messages.paymentUnreachable);
      }
    },

    /** POST /musicians/{slug}/card-tips: a Checkout page for this tip. */
    async createCardTip(
      slug: string,
      data: CardTipData,
      idempotencyKey: string | null,
    ): Promise<{ checkout_url: string }> {
      const musician = await musicians.findBySlug(slug);
      if (!musician) throw notFound(messages.musicianNotFound);
      if (!musician.tipsEnabled || !takesCards(musician)) throw notFound(messages.cardTipsNotTaken);
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
      if (!takesCards(musician) || musician.paidRequestPrice === null) {
        throw notFound(messages.paidRequestsNotTaken);
      }
      if (!requestsOpen(musician, clock())) throw badRequest(messages.requestsDisabled);
      const [paymentId, requestId] = await idsFor(musician.id, 'paid-request', idempotencyKey);
      const token = await keyedStatusToken(deps.keys, musician.id, filingKey(paymentId));
      const held: HeldSubmission = {
        requestId,
        // Money moves by payment only: the phone's tip claim is not carried into a paid request.
        data: { ...data, tip_amount: 0, paid: true },
        deviceId,
        source: await submissionSource(deps.keys, musician.id, address),
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

    /**
     * POST /payments/webhook: Stripe's event, believed only with a good signature over the
     * exact bytes sent. An event already acted on changes nothing (a replay, a retry).
     */
    async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
      const client = stripeOr404();
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

    /**
     * Refunds follow the musician's moves: a paid request rejected is refunded once the undo
     * window has passed; a show ended refunds its paid requests not played.
     */
    listen(): void {
      if (!stripe) return;
      const sweep = (musicianId: string) =>
        void service
          .refundDue(musicianId)
          .catch((error: unknown) =>
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

  return service;
}

export type PaymentsService = ReturnType<typeof paymentsService>;
