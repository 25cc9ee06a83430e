import { z } from 'zod';

export const SUBSCRIPTION_PLANS = ['free', 'trial', 'active', 'pro', 'canceled'] as const;
export type SubscriptionPlan = (typeof SUBSCRIPTION_PLANS)[number];

/** GET /subscription/status: the spec's Subscription status fields (section 6). */
export const SubscriptionStatus = z.object({
  plan: z.enum(SUBSCRIPTION_PLANS),
  status: z.string(),
  trial_eligible: z.boolean(),
  trial_active: z.boolean(),
  trial_end: z.string().nullable(),
  trial_ends_at: z.string().nullable(),
  days_remaining: z.number().int().nullable(),
  audience_link_active: z.boolean(),
  has_pro_access: z.boolean(),
  next_invoice_date: z.string().nullable(),
  grace_period_active: z.boolean(),
  grace_period_ends_at: z.string().nullable(),
  subscription_ends_at: z.string().nullable(),
  can_reactivate: z.boolean(),
  requests_used: z.number().int(),
  /** null: no monthly limit (Pro). */
  requests_limit: z.number().int().nullable(),
});
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;
