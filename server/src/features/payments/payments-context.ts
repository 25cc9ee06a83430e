import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { messages } from '#shared/messages.ts';
import type {
  AlreadyRequested,
  CreateRequestData,
  CreatedRequest,
  SongRequest,
} from '#shared/schemas/request.ts';
import type { DerivedKeys } from '#server/db/derived-keys.ts';
import type { DomainEvents } from '#server/events/domain-events.ts';
import type { QueueReorder } from '#server/events/queue-reorder.ts';
import { notFound } from '#server/http/errors.ts';
import { toMusician, type MusicianRow } from '#server/musicians/musician-mapper.ts';
import type { MusiciansRepository } from '#server/musicians/musicians-repository.ts';
import { paymentsMode } from './payments-mode.ts';
import type { PaymentsRepository } from './payments-repository.ts';
import type { StripeConfig } from './stripe-config.ts';

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

export interface PaymentsDeps {
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

/** What a paid request files once Stripe says it is paid: the phone's submission, kept. */
export interface HeldSubmission {
  requestId: string;
  data: CreateRequestData;
  deviceId: string;
  source: string;
  songTitle: string;
  songArtist: string;
}

/** The key a paid request files under: its retries, and the webhook's, file it once. */
export const filingKey = (paymentId: string) => `paid-request:${paymentId}`;

/** The part of an error worth a log line: never the request the SDK sent (it names keys). */
export const stripeErrorOf = (error: unknown) =>
  error instanceof Error
    ? { type: (error as { type?: string }).type, code: (error as { code?: string }).code }
    : {};

/**
 * What checkout, the webhook, refunds and onboarding share: their dependencies, the mode, the
 * clock, and the few acts each of them needs.
 */
export function paymentsContext(deps: PaymentsDeps) {
  const { config, stripe, musicians, requests, events } = deps;

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

  /** A request paid or refunded: its new state shown, and the queue put in order (paid first). */
  async function paymentChanged(musicianId: string, requestId: string) {
    await pushRequest(musicianId, requestId);
    await deps.queue?.reorder(musicianId);
  }

  async function pushMusician(musicianId: string) {
    const row = await musicians.findById(musicianId);
    if (row) events.publish({ musicianId, name: 'profile:updated', payload: toMusician(row) });
  }

  return {
    ...deps,
    mode: paymentsMode(config),
    clock: deps.clock ?? (() => new Date()),
    stripeOr404,
    takesCards,
    paymentChanged,
    pushMusician,
  };
}

export type PaymentsContext = ReturnType<typeof paymentsContext>;
