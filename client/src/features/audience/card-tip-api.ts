import { audienceFetch, postSubmission } from './audience-submit.ts';
import type { CardTipBody, CheckoutState, CheckoutUrl } from '#shared/schemas/payments.ts';

/**
 * The audience page's card calls (no schema checks: the page carries no validation library;
 * the server's response schemas hold the contract). Each names the page's language, so a
 * refusal's sentence comes back in it.
 */
export const cardTipApi = {
  /** A Stripe Checkout session for a tip; the key makes a retried send the same session. */
  start: (slug: string, body: CardTipBody, key: string) =>
    postSubmission(
      `/musicians/${encodeURIComponent(slug)}/card-tips`,
      body,
      key,
    ) as Promise<CheckoutUrl>,
  /** Where a Checkout session stands, asked after coming back from it (public: the id is
   * unguessable). */
  checkoutStatus: (sessionId: string) =>
    audienceFetch(`/payments/checkout/${encodeURIComponent(sessionId)}`) as Promise<CheckoutState>,
};
