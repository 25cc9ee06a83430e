import { messages } from '#shared/messages.ts';
import type { SubscriptionPlan } from '#shared/schemas/subscription.ts';

/** The subscription view's heading by plan (spec section 2); pro is a paid, active plan. */
export function subscriptionLabel(plan: SubscriptionPlan): string {
  switch (plan) {
    case 'trial':
      return messages.subscriptionLabelTrial;
    case 'active':
    case 'pro':
      return messages.subscriptionLabelActive;
    case 'canceled':
      return messages.subscriptionLabelCanceled;
    case 'free':
      return messages.subscriptionLabelFree;
  }
}
