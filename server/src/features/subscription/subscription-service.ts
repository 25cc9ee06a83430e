import type { SubscriptionStatus } from '#shared/schemas/subscription.ts';
import type { SubscriptionRepository } from './subscription-repository.ts';

/**
 * Billing is disabled (free mode, spec section 1): every musician is on plan pro, active, with
 * the audience link on and no request limit. Only the month's request count is real.
 */
export function subscriptionService({ subscription }: { subscription: SubscriptionRepository }) {
  return {
    async status(musicianId: string, now = new Date()): Promise<SubscriptionStatus> {
      const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      const used = await subscription.requestsSince(musicianId, monthStart);
      return {
        plan: 'pro',
        status: 'active',
        trial_eligible: false,
        trial_active: false,
        trial_end: null,
        trial_ends_at: null,
        days_remaining: null,
        audience_link_active: true,
        has_pro_access: true,
        next_invoice_date: null,
        grace_period_active: false,
        grace_period_ends_at: null,
        subscription_ends_at: null,
        can_reactivate: false,
        requests_used: used,
        requests_limit: null,
      };
    },
  };
}
