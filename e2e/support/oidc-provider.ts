import { E2E_APP_PORT } from '../e2e-ports.ts';
import { startTestProvider, type TestProvider } from '#server-test/features/oidc/test-provider.ts';

/**
 * The identity provider of the browser tests: a real `oidc-provider` the spec starts on a fixed
 * port, so the app (started earlier by playwright.config.ts) can be told its address up front.
 * E2E_OIDC_PORT lets two runs share a machine, like the other E2E_*_PORT.
 */
export const E2E_OIDC_PORT = Number(process.env.E2E_OIDC_PORT || 4175);
export const E2E_OIDC_BUTTON_LABEL = 'Continue with Test ID';
const CLIENT_ID = 'song-requests-e2e';
const CLIENT_SECRET = 'song-requests-e2e-client-secret';

/** The app's OIDC_* settings for this provider (playwright.config.ts puts them in its env). */
export const E2E_OIDC_ENV = {
  OIDC_ISSUER: `http://127.0.0.1:${E2E_OIDC_PORT}`,
  OIDC_CLIENT_ID: CLIENT_ID,
  OIDC_CLIENT_SECRET: CLIENT_SECRET,
  OIDC_BUTTON_LABEL: E2E_OIDC_BUTTON_LABEL,
};

/** Starts the provider; the app discovers it on the first sign-in, so it need not exist before. */
export function startE2eProvider(): Promise<TestProvider> {
  return startTestProvider({
    port: E2E_OIDC_PORT,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUris: [`http://127.0.0.1:${E2E_APP_PORT}/profile`],
  });
}
