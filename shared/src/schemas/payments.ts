/**
 * Card payments through Stripe (issue 45): a card tip, the Checkout page's state as the audience
 * page reads it when it comes back, and the musician's account as the Profile tab shows it.
 */
import { z } from 'zod';
import { tipAmount, tipMessage, tipperName } from './audience.ts';

/** POST /musicians/{slug}/card-tips: the amount is checked here, the money by Stripe. */
export const CardTipBody = z.object({
  amount: tipAmount,
  tipper_name: tipperName,
  message: tipMessage.nullish().transform((text) => text ?? ''),
  /** The request this tip follows, when it does (another musician's moves nothing). */
  request_id: z.uuid().nullish(),
});
export type CardTipBody = z.input<typeof CardTipBody>;
export type CardTipData = z.output<typeof CardTipBody>;

/** Where the phone goes to pay: Stripe's hosted Checkout page. */
export const CheckoutUrl = z.object({ checkout_url: z.string() });
export type CheckoutUrl = z.infer<typeof CheckoutUrl>;

export const PAYMENT_STATUSES = ['open', 'paid', 'refunded', 'expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** GET /payments/checkout/{session_id}: what became of it (the phone back from Checkout). */
export const CheckoutState = z.object({
  kind: z.enum(['tip', 'request']),
  status: z.enum(PAYMENT_STATUSES),
  amount: z.number(),
});
export type CheckoutState = z.infer<typeof CheckoutState>;

export const CheckoutSessionParams = z.object({ session_id: z.string().max(255) });

/**
 * GET /payments/account: 'off' (no Stripe keys on this server), 'own_account' (the keys' own
 * account takes the money; the musician's switch), 'connect' (the musician onboards).
 */
export const PAYMENTS_MODES = ['off', 'own_account', 'connect'] as const;
export type PaymentsMode = (typeof PAYMENTS_MODES)[number];

export const PaymentsAccount = z.object({
  mode: z.enum(PAYMENTS_MODES),
  card_payments_enabled: z.boolean(),
  account_connected: z.boolean(),
});
export type PaymentsAccount = z.infer<typeof PaymentsAccount>;

/** POST /payments/connect: Stripe's onboarding page for this musician. */
export const OnboardingLink = z.object({ url: z.string() });
export type OnboardingLink = z.infer<typeof OnboardingLink>;
