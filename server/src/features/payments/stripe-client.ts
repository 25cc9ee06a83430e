import type Stripe from 'stripe';
import type { StripeConfig } from './stripe-config.ts';

/**
 * The Stripe SDK, pointed where the configuration says (Stripe's API, or a local server in
 * tests). A call that fails is retried twice by the SDK (with its idempotency keys, so a retry
 * never charges or refunds twice); past ten seconds it gives up. Loaded only when card payments
 * are configured: the SDK alone held about 6 MB of the server's heap at rest.
 */
export async function stripeClient(config: StripeConfig): Promise<Stripe> {
  const { default: Stripe } = await import('stripe');
  const { apiUrl } = config;
  const protocol = apiUrl.protocol === 'http:' ? 'http' : 'https';
  const defaultPort = protocol === 'http' ? 80 : 443;
  return new Stripe(config.secretKey, {
    host: apiUrl.hostname,
    port: apiUrl.port ? Number(apiUrl.port) : defaultPort,
    protocol,
    maxNetworkRetries: 2,
    timeout: 10_000,
    appInfo: { name: 'song-requests' },
  });
}

/** Dollars as the database keeps them, in Stripe's integer cents. */
export const toCents = (dollars: number) => Math.round(dollars * 100);
export const toDollars = (cents: number) => cents / 100;
