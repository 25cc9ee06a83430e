import { SubscriptionStatus } from '#shared/schemas/subscription.ts';
import { api } from '#client/lib/api-client.ts';

export const subscriptionApi = {
  status: () => api.get('/subscription/status', SubscriptionStatus),
};
