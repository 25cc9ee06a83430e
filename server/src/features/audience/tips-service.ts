import { TIP_PLATFORM_NAMES } from '#shared/audience-constants.ts';
import { fill } from '#shared/fill-message.ts';
import { DEVICE_ID_PATTERN } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import type { AppTip, CreatedTip, CreateTipData } from '#shared/schemas/audience.ts';
import type { SongRequest } from '#shared/schemas/request.ts';
import type { SubmissionLimits } from '#server/config.ts';
import type { QueueReorder } from '#server/events/queue-reorder.ts';
import type { DomainEvents } from '#server/events/domain-events.ts';
import { badRequest, notFound } from '#server/http/errors.ts';
import { requireSameSubmission } from '#server/http/idempotency.ts';
import { floodError, limitError, limitReached } from '#server/submissions/submission-limit.ts';
import type { MusiciansRepository } from '#server/musicians/musicians-repository.ts';
import { recentTipsCounter, type RecentTipsCounter } from './tip-limit.ts';
import { toAppTip, toCreatedTip, type TipRow } from './tip-mapper.ts';
import { isSetUp, takesTips } from './tip-providers.ts';
import type { TipsRepository } from './tips-repository.ts';

interface Deps {
  musicians: MusiciansRepository;
  tips: TipsRepository;
  /** The requests feature's read (requests-repository.ts), injected by services.ts. */
  requests: { findById(requestId: string): Promise<SongRequest | undefined> };
  events: DomainEvents;
  limits: Pick<SubmissionLimits, 'tipsPerRequester' | 'perMusicianPerMinute'>;
  /** The tips of senders without a device id, by address (see tip-limit.ts). */
  recentTips?: RecentTipsCounter;
  /** A tip marked received moves its request under queue_order 'tips'. */
  queue?: QueueReorder;
}

/** The phone's X-Device-Id in a `sender`; '' when the sender is an address (`ip:...`). */
const deviceIdIn = (sender: string) => (DEVICE_ID_PATTERN.test(sender) ? sender : '');

/** POST /musicians/{slug}/tips: the audience says they tipped (the money moves in the app). */
export function tipsService(deps: Deps) {
  const { musicians, tips, requests, events, limits } = deps;
  const recentTips = deps.recentTips ?? recentTipsCounter();

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

  /**
   * 429 past the phone's limit or the musician's flood guard. A phone with an id is counted from
   * its stored tips, so every server process agrees; a sender without one, by its address here.
   */
  async function checkLimits(musicianId: string, sender: string, deviceId: string) {
    const { tipsPerRequester: perPhone, perMusicianPerMinute } = limits;
    const { windowMinutes, max } = perPhone;
    const key = `${musicianId}:${sender}`;
    const [mine, everyone] = await Promise.all([
      deviceId
        ? tips.phoneWait(musicianId, deviceId, windowMinutes, max)
        : recentTips.wait(key, windowMinutes, max),
      tips.musicianWait(musicianId, perMusicianPerMinute),
    ]);
    const reached = limitReached(mine, max);
    if (reached) throw limitError('tip', reached, windowMinutes);
    const flooded = limitReached(everyone, perMusicianPerMinute);
    if (flooded) throw floodError(flooded.retryAfterSeconds);
    if (!deviceId) recentTips.record(key, windowMinutes);
  }

  /** The request as it now is, to the musician's devices (after the transaction committed). */
  async function pushRequest(musicianId: string, requestId: string) {
    const updated = await requests.findById(requestId);
    if (updated) events.publish({ musicianId, name: 'request:updated', payload: updated });
  }

  return {
    /** `sender`: the phone's X-Device-Id, or `ip:<address>` when it sent none. */
    async create(
      slug: string,
      data: CreateTipData,
      idempotencyKey: string | null,
      sender = '',
    ): Promise<CreatedTip> {
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

      const deviceId = deviceIdIn(sender);
      await checkLimits(musician.id, sender, deviceId);
      const { tip, requestId } = await tips.record({
        musicianId: musician.id,
        amount: data.amount,
        platform: data.platform,
        tipperName: data.tipper_name,
        message: data.message,
        requestId: data.request_id ?? null,
        idempotencyKey,
        deviceId,
      });
      if (!tip) {
        // The same key won a race a moment ago: answer with that tip.
        const first = await tips.findByIdempotencyKey(musician.id, idempotencyKey ?? '');
        if (!first) throw new Error('idempotent tip insert found nothing');
        return replayed(first, data);
      }
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
