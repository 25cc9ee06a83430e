import { E2E_APP_PORT } from '../e2e-ports.ts';
import { startStripeStub, type StripeStub } from '#server-test/helpers/stripe-stub/stripe-stub.ts';

/**
 * The local Stripe of the browser tests: the stub the server tests use, on a fixed port so the
 * app (started earlier by playwright.config.ts) can be told its address up front. It sends its
 * webhooks to the app. E2E_STRIPE_PORT lets two runs share a machine, like the other E2E_*_PORT.
 */
export const E2E_STRIPE_PORT = Number(process.env.E2E_STRIPE_PORT || 4176);
const SECRET_KEY = 'sk_test_song_requests_e2e';
const WEBHOOK_SECRET = 'whsec_song_requests_e2e';

/** The app's STRIPE_* settings for this stub (playwright.config.ts puts them in its env). */
export const E2E_STRIPE_ENV = {
  STRIPE_SECRET_KEY: SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_URL: `http://127.0.0.1:${E2E_STRIPE_PORT}`,
  STRIPE_CONNECT: 'true',
};

/** Starts the stub; the app only calls it when a payment starts, so it need not exist before. */
export function startE2eStripe(): Promise<StripeStub> {
  return startStripeStub({
    port: E2E_STRIPE_PORT,
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    webhookUrl: `http://127.0.0.1:${E2E_APP_PORT}/api/payments/webhook`,
  });
}
