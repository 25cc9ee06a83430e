import { TIP_PLATFORM_NAMES } from '#shared/audience-constants.ts';
import { fill } from '#shared/fill-message.ts';
import { messages } from '#shared/messages.ts';
import type { CreatedTip, CreateTipData } from '#shared/schemas/audience.ts';
import type { DomainEvents } from '#server/events/domain-events.ts';
import { badRequest, notFound } from '#server/http/errors.ts';
import type { MusiciansRepository } from '../musicians/musicians-repository.ts';
import type { RequestsRepository } from '../requests/requests-repository.ts';
import { toCreatedTip } from './tip-mapper.ts';
import { isSetUp, takesTips } from './tip-providers.ts';
import type { TipsRepository } from './tips-repository.ts';

interface Deps {
  musicians: MusiciansRepository;
  tips: TipsRepository;
  requests: RequestsRepository;
  events: DomainEvents;
}

/** POST /musicians/{slug}/tips: the audience says they tipped (the money moves in the app). */
export function tipsService({ musicians, tips, requests, events }: Deps) {
  return {
    async create(
      slug: string,
      data: CreateTipData,
      idempotencyKey: string | null,
    ): Promise<CreatedTip> {
      const musician = await musicians.findBySlug(slug);
      if (!musician) throw notFound(messages.musicianNotFound);
      // A retry of a tip already recorded answers it, even if the musician changed settings since.
      const earlier =
        idempotencyKey && (await tips.findByIdempotencyKey(musician.id, idempotencyKey));
      if (earlier) return toCreatedTip(earlier);

      if (!takesTips(musician)) throw badRequest(messages.tipNoPaymentMethods);
      if (!isSetUp(musician, data.platform)) {
        const provider = TIP_PLATFORM_NAMES[data.platform];
        throw badRequest(fill(messages.tipProviderNotSetUp, { provider }));
      }

      const { tip, requestId } = await tips.record({
        musicianId: musician.id,
        amount: data.amount,
        platform: data.platform,
        tipperName: data.tipper_name,
        message: data.message,
        requestId: data.request_id ?? null,
        idempotencyKey,
      });
      if (!tip) {
        // The same key won a race a moment ago: answer with that tip.
        const first = await tips.findByIdempotencyKey(musician.id, idempotencyKey ?? '');
        if (!first) throw new Error('idempotent tip insert found nothing');
        return toCreatedTip(first);
      }
      if (requestId) {
        // The musician's request cards show the tip at once.
        const updated = await requests.findById(requestId);
        if (updated) {
          events.publish({ musicianId: musician.id, name: 'request:updated', payload: updated });
        }
      }
      return toCreatedTip(tip);
    },
  };
}

export type TipsService = ReturnType<typeof tipsService>;
