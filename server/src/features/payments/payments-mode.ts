import type { PaymentsMode } from '#shared/schemas/payments.ts';
import type { StripeConfig } from './stripe-config.ts';

/**
 * 'off': no Stripe keys, no card option anywhere. 'own_account': the keys' own account takes the
 * money (one musician's install); the musician turns cards on in Profile. 'connect': a hosted
 * service; each musician onboards a Connect account and takes cards once it can be charged.
 */
export function paymentsMode(stripe: StripeConfig | undefined): PaymentsMode {
  if (!stripe) return 'off';
  return stripe.connect ? 'connect' : 'own_account';
}
