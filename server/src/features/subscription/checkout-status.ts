import { z } from 'zod';
import { messages } from '#shared/messages.ts';

/** A checkout session id as a payment provider hands it out (Stripe's look like cs_test_a1B2...). */
export const CheckoutSessionParams = z.object({
  '*': z.string().regex(/^[A-Za-z0-9_-]{1,255}$/, messages.checkoutSessionIdInvalid),
});

/** GET /subscription/checkout/status/{sessionId} (spec section 7): {payment_status, status}. */
export const CheckoutStatus = z.object({
  payment_status: z.string(),
  status: z.string(),
});
export type CheckoutStatus = z.infer<typeof CheckoutStatus>;

/**
 * Billing is disabled (free mode: every musician is Pro), so no checkout ever charges anyone.
 * The answer speaks Stripe's vocabulary, which the spec's checkout follows: a Checkout Session
 * that needed no payment has payment_status 'no_payment_required', and it is 'complete'.
 */
export const FREE_MODE_CHECKOUT: CheckoutStatus = {
  payment_status: 'no_payment_required',
  status: 'complete',
};
