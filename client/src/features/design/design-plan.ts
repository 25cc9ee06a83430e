/** Subscription plans of spec section 3. */
export type Plan = 'free' | 'trial' | 'active' | 'pro' | 'canceled';

/** Billing is disabled in this build: every musician is on the pro plan (spec section 1). */
export const FREE_MODE_PLAN: Plan = 'pro';

/**
 * Spec section 6: the Design tab is labelled a Pro feature for plans other than pro or trial.
 * With a real subscription, its plan is passed here instead of FREE_MODE_PLAN.
 */
export function designIsProLabelled(plan: Plan): boolean {
  return plan !== 'pro' && plan !== 'trial';
}
