import { TIP_PLATFORM_NAMES } from '#shared/audience-constants.ts';
import { fill } from '#shared/fill-message.ts';
import { messages } from '#shared/messages.ts';
import type { AppTip, CreatedTip, CreateTipData } from '#shared/schemas/audience.ts';
import type { SongRequest } from '#shared/schemas/request.ts';
import type { SubmissionLimits } from '#server/config.ts';
import type { DerivedKeys } from '#server/db/derived-keys.ts';
import type { QueueReorder } from '#server/events/queue-reorder.ts';
import type { DomainEvents } from '#server/events/domain-events.ts';
import { badRequest, notFound } from '#server/http/errors.ts';
import { requireSameSubmission } from '#server/http/idempotency.ts';
import { floodError, limitError, limitReached } from '#server/submissions/submission-limit.ts';
import { submissionSource } from '#server/submissions/submission-source.ts';
import type { MusiciansRepository } from '#server/musicians/musicians-repository.ts';
import { toAppTip, toCreatedTip, type TipRow } from './tip-mapper.ts';
import { isSetUp, takesTips } from '#server/musicians/tip-providers.ts';
import type { TipsRepository } from './tips-repository.ts';

interface Deps {
  musicians: MusiciansRepository;
  tips: TipsRepository;
  /** The requests feature's read (requests-repository.ts), injected by services.ts. */
  requests: { findById(requestId: string): Promise<SongRequest | undefined> };
  events: DomainEvents;
  limits: Pick<SubmissionLimits, 'tipsPerRequester' | 'tipsPerAddress' | 'perMusicianPerMinute'>;
  /** Keys the sending address into the stored `source` (submission-source.ts). */
  keys: DerivedKeys;
  /** A tip marked received moves its request under queue_order 'tips'. */
  queue?: QueueReorder;
}

export interface NewTipInput {
  slug: string;
  data: CreateTipData;
  idempotencyKey: string | null;
  /** The phone's X-Device-Id, '' when it sent none. */
  deviceId: string;
  /** The sending address (request.ip): kept only keyed, to count its tips. */
  address: string;
}

/** POST /musicians/{slug}/tips: the audience says they tipped (the money moves in the app). */
export function tipsService(deps: Deps) {
  const { musicians, tips, requests, events, limits, keys } = deps;

  /** The same key answers the first tip only for the same tip; another one is a 422. */
  function replayed(earlier: TipRow, data: CreateTipData): CreatedTip {
    requireSameSubmission(
      {
        amount: earlier.amount,
        platform: earlier.platform,
        tipper_name: earlier.tipperName,
        message: earlier.message,
        // Stored only when it was this musician's request; a dropped one cannot be compared.
        request_id: earlier.requestId ?? data.request_id ?? null,
      },
      {
        amount: data.amount,
        platform: data.platform,
        tipper_name: data.tipper_name,
        message: data.message,
        request_id: data.request_id ?? null,
      },
    );
    return toCreatedTip(earlier);
  }

  /** The request as it now is, to the musician's devices (after the transaction committed). */
  async function pushRequest(musicianId: string, requestId: string) {
    const updated = await requests.findById(requestId);
    if (updated) events.publish({ musicianId, name: 'request:updated', payload: updated });
  }

  return {
    /** Records the tip, or refuses it with 429 past a limit (counted where it is written). */
    async create(input: NewTipInput): Promise<CreatedTip> {
      const { slug, data, idempotencyKey, deviceId } = input;
      const musician = await musicians.findBySlug(slug);
      if (!musician) throw notFound(messages.musicianNotFound);
      // A retry of a tip already recorded answers it, even if the musician changed settings since.
      const earlier =
        idempotencyKey && (await tips.findByIdempotencyKey(musician.id, idempotencyKey));
      if (earlier) return replayed(earlier, data);

      if (!takesTips(musician)) throw badRequest(messages.tipNoPaymentMethods);
      if (!isSetUp(musician, data.platform)) {
        const provider = TIP_PLATFORM_NAMES[data.platform];
        throw badRequest(fill(messages.tipProviderNotSetUp, { provider }));
      }

      // A phone is limited by its id, and every phone at one address together by a cap a few
      // phones wide (config.ts, tipsPerAddress): a venue's crowd shares one router, so one
      // phone's limit for the address would hold back the room; a generous cap still stops one
      // sender who names a new X-Device-Id at every tip.
      const { tipsPerRequester: perRequester, tipsPerAddress, perMusicianPerMinute } = limits;
      const recorded = await tips.record(
        {
          musicianId: musician.id,
          amount: data.amount,
          platform: data.platform,
          tipperName: data.tipper_name,
          message: data.message,
          requestId: data.request_id ?? null,
          idempotencyKey,
          deviceId,
          source: await submissionSource(keys, musician.id, input.address),
        },
        { perRequester, perAddress: tipsPerAddress, perMusicianPerMinute },
      );
      if (recorded.outcome === 'requester_limit') {
        const reached = limitReached(recorded.waitSeconds, perRequester.max)!;
        throw limitError('tip', reached, perRequester.windowMinutes);
      }
      if (recorded.outcome === 'musician_limit') {
        throw floodError(limitReached(recorded.waitSeconds, 1)!.retryAfterSeconds);
      }
      // The same key won a race a moment ago: answer with that tip.
      if (recorded.outcome === 'existing') return replayed(recorded.tip, data);
      const { tip, requestId } = recorded;
      // The musician's request cards show the claim at once; it moves nothing in the queue.
      if (requestId) await pushRequest(musician.id, requestId);
      return toCreatedTip(tip);
    },

    /**
     * PUT /tips/{id}/received: the musician (or their stage device) says the app tip arrived.
     * Its request's tip_received grows once, however often this is called; another musician's
     * tip is a 404, as if it did not exist.
     */
    async markReceived(input: { musicianId: string; tipId: string }): Promise<AppTip> {
      const marked = await tips.markReceived(input.musicianId, input.tipId);
      if (!marked) throw notFound(messages.tipNotFound);
      if (marked.requestId) {
        await pushRequest(input.musicianId, marked.requestId);
        await deps.queue?.reorder(input.musicianId);
      }
      return toAppTip(marked.tip);
    },
  };
}

export type TipsService = ReturnType<typeof tipsService>;
