import type { PaymentsAccount } from '#shared/schemas/payments.ts';

/** Where Stripe's onboarding sends the musician back: ?stripe=return, or refresh (link used). */
export const STRIPE_RETURN_PARAM = 'stripe';
export type StripeReturn = 'return' | 'refresh';

export function stripeReturnOf(value: string | null): StripeReturn | null {
  return value === 'return' || value === 'refresh' ? value : null;
}

/**
 * What the Profile tab's Card payments section shows:
 * - hidden: the install has no Stripe keys;
 * - switch: the keys are the musician's own account, cards are on or off by a switch;
 * - connect: a hosted service, not onboarded yet ("Accept card tips" starts Stripe's onboarding);
 * - incomplete: onboarding started (or came back) but Stripe cannot take charges yet;
 * - on: the connected account takes charges.
 */
export type CardPaymentsView = 'hidden' | 'switch' | 'connect' | 'incomplete' | 'on';

export function cardPaymentsView(
  account: PaymentsAccount,
  returned: StripeReturn | null,
): CardPaymentsView {
  switch (account.mode) {
    case 'off':
      return 'hidden';
    case 'own_account':
      return 'switch';
    case 'connect':
      if (account.card_payments_enabled) return 'on';
      return account.account_connected || returned ? 'incomplete' : 'connect';
  }
}
