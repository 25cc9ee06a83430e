import { createECDH } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { localeOfTag, type Locale } from '#shared/i18n/locales.ts';
import { messages } from '#shared/messages.ts';
import { isOpenStatus } from '#shared/request-statuses.ts';
import type { PushSubscriptionBody } from '#shared/schemas/push-notifications.ts';
import type { DomainEvents } from '#server/events/domain-events.ts';
import { badRequest, conflict, notFound } from '#server/http/errors.ts';
import { loggableError } from '#server/logging/loggable-error.ts';
import { statusTokenHash } from '#server/submissions/status-token.ts';
import type { BackgroundWork } from './background-work.ts';
import { pushMessage, type PushMoment } from './push-message.ts';
import type { PushSender } from './push-sender.ts';
import {
  endpointOrigin,
  isAllowedEndpoint,
  type PushServiceOrigin,
} from './push-service-origins.ts';
import type {
  PushedRequest,
  PushSubscriptionsRepository,
  StoredPushSubscription,
} from './push-subscriptions-repository.ts';
import type { VapidKeys } from './vapid-keys.ts';

interface Deps {
  subscriptions: PushSubscriptionsRepository;
  vapid: VapidKeys;
  sender: PushSender;
  events: DomainEvents;
  work: BackgroundWork;
  allowedOrigins: readonly PushServiceOrigin[];
  /** How long after Played or Reject the phone is told (web-push-config.ts). */
  finalAfterMs: number;
  log: FastifyBaseLogger;
  /**
   * The songs a rejected request's status offers instead, by its id (issue 47, item 3: the
   * requests feature's, handed in by services.ts); absent, the push says only "not tonight".
   */
  alternatives?: (requestId: string) => Promise<readonly { title: string }[]>;
}

export interface Subscribe {
  token: string;
  subscription: PushSubscriptionBody;
  /** The language of the request's Accept-Language, when the body names none the page speaks. */
  locale: Locale;
  /** The phone's X-Time-Zone, when it sent one Intl knows. */
  timeZone: string | undefined;
}

// A key pair of the server's own to test the phones' keys against (computeSecret needs one).
const curve = createECDH('prime256v1');
curve.generateKeys();

/** Whether `p256dh` is a point of P-256: a key off the curve could never be encrypted to. */
function isCurvePoint(p256dh: string): boolean {
  try {
    curve.computeSecret(Buffer.from(p256dh, 'base64url'));
    return true;
  } catch {
    return false;
  }
}

/**
 * A requester's phone told when their request comes up, is played, or is turned down (issue 47,
 * item 1). The process that made the change sends, after its commit, off the request's path:
 * it hears its own domain event, and each browser's row is claimed in one statement, so two
 * processes or two events never tell a phone twice.
 */
export function pushNotificationsService(deps: Deps) {
  const { subscriptions, sender, work, log } = deps;

  async function deliver(
    row: StoredPushSubscription,
    moment: PushMoment,
    request: PushedRequest,
    extra: { dedication: string; alternatives?: readonly string[] },
  ): Promise<void> {
    const message = pushMessage({
      moment,
      locale: row.locale,
      requestId: row.requestId,
      slug: request.slug,
      songTitle: request.songTitle,
      songArtist: request.songArtist,
      playedAt: request.playedAt,
      timeZone: row.timeZone,
      ...extra,
    });
    const sent = await sender.send(row, JSON.stringify(message));
    const pushService = endpointOrigin(row.endpoint);
    if (sent.outcome === 'gone') {
      // The browser unsubscribed, or its subscription lapsed: asking again would only fail again.
      await subscriptions.remove(row.id);
      log.info({ pushService, status: sent.status }, 'push subscription gone; removed');
    } else if (sent.outcome === 'failed') {
      log.warn({ pushService, status: sent.status, reason: sent.reason }, 'push not delivered');
    }
  }

  /** Each browser its own message: one failing neither stops nor slows the others. */
  async function deliverAll(
    rows: StoredPushSubscription[],
    moment: PushMoment,
    request: PushedRequest,
    alternatives?: readonly string[],
  ): Promise<void> {
    const voterIds = rows.flatMap((row) => (row.voterId ? [row.voterId] : []));
    const voterDedications = await subscriptions.voterDedications(voterIds);
    await Promise.all(
      rows.map((row) => {
        // A +1's phone hears its own dedication, never the one of whoever asked first.
        const dedication = row.voterId
          ? (voterDedications.get(row.voterId) ?? '')
          : request.dedication;
        return deliver(row, moment, request, { dedication, alternatives }).catch((error: unknown) =>
          log.error({ err: loggableError(error) }, 'push failed'),
        );
      }),
    );
  }

  async function upNext(requestId: string): Promise<void> {
    const request = await subscriptions.pushedRequest(requestId);
    if (request?.status !== 'up_next') return;
    const rows = await subscriptions.claimUpNext(requestId, new Date());
    if (rows.length > 0) await deliverAll(rows, 'up_next', request);
  }

  /** Played or rejected, and still so once the undo window closed: the last word, then gone. */
  async function final(requestId: string, status: 'played' | 'rejected'): Promise<void> {
    const request = await subscriptions.pushedRequest(requestId);
    if (request?.status !== status) return;
    const rows = await subscriptions.takeAll(requestId);
    if (rows.length === 0) return;
    const alternatives =
      status === 'rejected' && deps.alternatives
        ? (await deps.alternatives(requestId)).map((song) => song.title)
        : undefined;
    await deliverAll(rows, status, request, alternatives);
  }

  return {
    /** The VAPID public key the phones subscribe with (made on first use, kept in the database). */
    async publicKey(): Promise<string> {
      return (await deps.vapid.get()).publicKey;
    },

    /** POST /request-status/{token}/push: this browser is told of this request only. */
    async subscribe({ token, subscription, locale, timeZone }: Subscribe): Promise<void> {
      const hash = statusTokenHash(token);
      const target = hash ? await subscriptions.targetOfToken(hash) : undefined;
      if (!target) throw notFound(messages.requestStatusNotFound);
      if (!isOpenStatus(target.status)) throw conflict(messages.pushRequestNotWaiting);
      if (!isAllowedEndpoint(subscription.endpoint, deps.allowedOrigins)) {
        throw badRequest(messages.pushServiceNotAllowed);
      }
      if (!isCurvePoint(subscription.keys.p256dh)) {
        throw badRequest(messages.pushSubscriptionInvalid);
      }
      const language = subscription.language ? localeOfTag(subscription.language) : null;
      await subscriptions.save({
        requestId: target.requestId,
        musicianId: target.musicianId,
        voterId: target.voterId,
        endpoint: subscription.endpoint,
        // Stored as sent, padding taken off: web-push reads either.
        p256dh: subscription.keys.p256dh.replace(/=+$/, ''),
        auth: subscription.keys.auth.replace(/=+$/, ''),
        locale: language ?? locale,
        timeZone: timeZone ?? null,
      });
    },

    /** Hears the domain events this process publishes after its commits. */
    listen(): void {
      deps.events.onEvent((event) => {
        if (event.name === 'request:updated') {
          const { id, status } = event.payload;
          if (status === 'up_next') work.run(() => upNext(id));
          if (status === 'played' || status === 'rejected') {
            work.run(() => final(id, status), deps.finalAfterMs);
          }
        }
        if (event.name === 'show:updated' && !event.payload.active) {
          const { musicianId } = event;
          work.run(async () => void (await subscriptions.removeWaiting(musicianId)));
        }
      });
    },

    /** Resolves once every push this process has begun is done (tests wait on it). */
    idle: () => work.idle(),

    /** The server closes: nothing more starts, what is in flight is aborted and waited for. */
    async close(): Promise<void> {
      work.close();
      await work.idle();
    },

    /** Housekeeping: subscriptions older than `before` go, whatever became of their request. */
    deleteCreatedBefore: (before: Date) => subscriptions.deleteCreatedBefore(before),
  };
}

export type PushNotificationsService = ReturnType<typeof pushNotificationsService>;
