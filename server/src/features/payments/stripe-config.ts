/**
 * Card payments through Stripe (issue 45): STRIPE_SECRET_KEY turns them on. STRIPE_CONNECT=true
 * on a hosted service with many musicians (each onboards their own Connect account); without it,
 * the keys' own account takes every payment (one musician's install). STRIPE_API_URL points the
 * SDK elsewhere (tests: a local server answering as Stripe does).
 */
export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  apiUrl: URL;
  connect: boolean;
}

type Env = Record<string, string | undefined>;

/** Undefined without a secret key: no card option anywhere, nothing else changes. */
export function stripeConfig(env: Env, fail: (message: string) => Error): StripeConfig | undefined {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  if (!secretKey) return undefined;
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim();
  // Without it no payment could ever be believed: every tip would stay "confirming".
  if (!webhookSecret) {
    throw fail('STRIPE_SECRET_KEY needs STRIPE_WEBHOOK_SECRET (the signing secret of the webhook)');
  }
  const raw = env.STRIPE_API_URL?.trim() || 'https://api.stripe.com';
  let apiUrl: URL;
  try {
    apiUrl = new URL(raw);
  } catch {
    throw fail(`STRIPE_API_URL must be a URL such as https://api.stripe.com, got "${raw}"`);
  }
  return { secretKey, webhookSecret, apiUrl, connect: env.STRIPE_CONNECT?.trim() === 'true' };
}
