import type { PaymentStatus } from '#shared/schemas/payments.ts';

/**
 * Back from Stripe Checkout (`?checkout=<session id>`), the page says what the server knows,
 * never what the phone assumes: 'confirming' until the webhook has arrived, then 'paid', or
 * 'expired' (the person left Checkout unpaid). 'unconfirmed': asked for two minutes, no answer.
 */
export type CheckoutPhase = 'confirming' | 'paid' | 'refunded' | 'expired' | 'unconfirmed';

/** The query parameter Checkout's success_url carries back. */
export const CHECKOUT_PARAM = 'checkout';

/** How long the page keeps asking; Stripe's webhook usually lands within seconds. */
export const CHECKOUT_POLL_LIMIT_MS = 120_000;

const FIRST_DELAY_MS = 1000;
const LONGEST_DELAY_MS = 5000;

/** The wait before asking again after `attempt` answers: 1 s, 1.5 s, 2.25 s… up to 5 s. */
export function checkoutPollDelay(attempt: number): number {
  return Math.min(LONGEST_DELAY_MS, Math.round(FIRST_DELAY_MS * 1.5 ** Math.max(0, attempt)));
}

/** The phase a session's status settles; null while it is still open (keep asking). */
export function settledPhase(status: PaymentStatus): CheckoutPhase | null {
  switch (status) {
    case 'open':
      return null;
    case 'paid':
      return 'paid';
    case 'refunded':
      return 'refunded';
    case 'expired':
      return 'expired';
  }
}
