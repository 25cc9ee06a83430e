import { errorMessage } from '#client/lib/api-fetch.ts';
import { audienceT } from './i18n/audience-i18n.ts';
import { cardTipApi } from './card-tip-api.ts';
import { tipMessage, type TipPayment } from './tip-payment.ts';

/**
 * Starts a card tip: the server opens a Stripe Checkout session for it, and this tab goes there
 * (Checkout comes back to the page with `?checkout=<session id>`). The server decides what is
 * charged from the amount; nothing counts until Stripe's webhook says it was paid. Resolves with
 * the sentence to show when it could not start; on success the page is already leaving.
 */
export async function payByCard(
  payment: Omit<TipPayment, 'platform'>,
  key: string,
  go: (url: string) => void = (url) => window.location.assign(url),
): Promise<string | null> {
  const afterRequest = payment.filed !== null;
  try {
    const { checkout_url } = await cardTipApi.start(
      payment.slug,
      {
        amount: payment.amount,
        request_id: payment.filed?.id ?? null,
        tipper_name: payment.filed?.requesterName || 'Anonymous',
        message: tipMessage(payment.message, afterRequest),
      },
      key,
    );
    go(checkout_url);
    return null;
  } catch (error) {
    return errorMessage(error, audienceT('cardTipFailed'));
  }
}
