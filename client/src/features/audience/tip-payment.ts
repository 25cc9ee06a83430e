import { TIP_PLATFORM_NAMES, type TipPlatform } from '#shared/audience-constants.ts';
import { ApiError, errorMessage } from '#client/lib/api-fetch.ts';
import type { CreateTipBody } from '#shared/schemas/audience.ts';
import { audienceApi, submissionPaths } from './audience-api.ts';
import { audienceOutbox, logUnsent } from './audience-outbox.ts';
import { useAudienceStore } from './audience-store.ts';
import type { FiledRequest } from './audience-flow-store.ts';
import { audienceT } from './i18n/audience-i18n.ts';
import { tipLinkFor } from './tip-rules.ts';

export interface TipPayment {
  slug: string;
  platform: TipPlatform;
  amount: number;
  /** What the person typed; empty means the default message. */
  message: string;
  /** The request this tip follows, if any. */
  filed: FiledRequest | null;
}

/**
 * The note sent to the payment app: the person's own, or the default (spec section 7) in the
 * page's language, as the form's placeholder shows it ('Thanks for the music!' in English).
 */
export function tipMessage(typed: string, afterRequest: boolean): string {
  const text = typed.trim();
  if (text) return text;
  const thanks = audienceT('tipDefaultMessage');
  return afterRequest ? `${thanks}${audienceT('tipAfterRequestSuffix')}` : thanks;
}

/** How long the payment waits for the tip's answer, in case a limit refuses it. */
const TIP_ANSWER_WAIT_MS = 3000;

/**
 * The tip is noted for the musician and the click tracked. A failure is only logged (spec
 * section 7), except a limit reached (429): its sentence is returned, to show in the form.
 */
async function record(payment: TipPayment, message: string): Promise<string | null> {
  const { slug, platform, amount, filed } = payment;
  const body: CreateTipBody = {
    amount,
    platform,
    tipper_name: filed?.requesterName || 'Anonymous',
    message,
    request_id: filed?.id ?? null,
  };
  const path = submissionPaths.tip(slug, useAudienceStore.getState().musician?.id);
  const outcome = audienceOutbox().submit('tip', path, body);
  void outcome.then((answer) => logUnsent('tip', answer));
  // Bad wifi must not hold the payment up: past the wait, the outbox keeps trying on its own.
  const quick = await Promise.race([
    outcome,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), TIP_ANSWER_WAIT_MS)),
  ]);
  if (quick && !quick.ok && quick.status === 429) {
    return errorMessage(quick.error, audienceT('messages:tooManyRequests'));
  }
  if (filed) {
    audienceApi
      .trackClick(filed.id, 'tip', platform)
      .catch((error: unknown) => console.warn('tip click not tracked', error));
  }
  return null;
}

/**
 * Pays a tip. Must be called from the click itself: the new tab opens at once, before any
 * network wait, or pop-up blockers stop it; it goes to the provider when the link arrives.
 * Zelle has no link: the caller shows its instructions. Resolves with an error to show, or null.
 */
export async function payTip(payment: TipPayment): Promise<string | null> {
  const message = tipMessage(payment.message, payment.filed !== null);
  if (payment.platform === 'zelle') return record(payment, message);

  const tab = window.open('', '_blank');
  try {
    const links = await audienceApi.tipLinks(payment.slug, payment.amount, message);
    const link = tipLinkFor(payment.platform, links);
    if (!link) {
      tab?.close();
      return audienceT('messages:tipProviderNotSetUp', {
        provider: TIP_PLATFORM_NAMES[payment.platform],
      });
    }
    const refused = await record(payment, message);
    if (refused) {
      tab?.close();
      return refused;
    }
    if (tab) {
      tab.opener = null; // the provider's page gets no handle on this one
      tab.location.href = link;
    } else {
      // Blocked anyway: go there in this tab; the page keeps the requests for the way back.
      window.location.assign(link);
    }
    return null;
  } catch (error) {
    tab?.close();
    if (error instanceof ApiError && error.status === 400) {
      return error.detail ?? audienceT('messages:tipNoPaymentMethods');
    }
    return audienceT('messages:tipFailed');
  }
}
