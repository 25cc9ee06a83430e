import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_APP_PORT, E2E_SMTP_PORT } from './e2e/e2e-ports.ts';
import { E2E_OIDC_ENV } from './e2e/support/oidc-provider.ts';
import { E2E_PUSH_ENV } from './e2e/support/push-endpoint.ts';
import { E2E_STRIPE_ENV } from './e2e/support/stripe-stub.ts';
import { APT_CHROMIUM_PATH, findChromium } from './scripts/lib/find-chromium.ts';

// Playwright loads this file again in each worker: they reuse the runner's folder via the env.
let dataDir = process.env.E2E_DATA_DIR;
if (!dataDir) {
  const created = mkdtempSync(join(tmpdir(), 'song-requests-e2e-'));
  dataDir = process.env.E2E_DATA_DIR = created;
  process.on('exit', () => rmSync(created, { recursive: true, force: true }));
}

const baseURL = `http://127.0.0.1:${E2E_APP_PORT}`;

// The machine's Chromium; where there is none yet, where the global setup's apt-get puts it (the
// workers, which start the browsers, load this file again after the setup).
const chromium = findChromium();
const chromiumPath = chromium.found ? chromium.path : APT_CHROMIUM_PATH;

export default defineConfig({
  testDir: 'e2e',
  // Two browsers at once on two cores (docs/testing.md).
  workers: 2,
  retries: 1,
  forbidOnly: !!process.env.CI,
  // A Chromium found, or installed when there is none (e2e/support/chromium-setup.ts).
  globalSetup: './e2e/support/chromium-setup.ts',
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    trace: 'on-first-retry',
    headless: true,
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: chromiumPath,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--no-first-run',
            '--disable-sync',
            '--disable-quic',
          ],
        },
      },
    },
  ],
  webServer: {
    // `npm run test:e2e` builds the client first; the server serves it from client/dist.
    command: 'node server/src/main.ts',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(E2E_APP_PORT),
      HOST: '127.0.0.1',
      // The audience host the dashboard puts in links (GET /api/config).
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      // Always the embedded database in the fresh folder, even where the shell names a server.
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      RATE_LIMIT_AUTH_PER_MINUTE: '1000',
      RATE_LIMIT_AUTH_PER_EMAIL_PER_MINUTE: '1000',
      // Every browser of every worker comes from 127.0.0.1: one address, far busier than a venue.
      RATE_LIMIT_PUBLIC_PER_MINUTE: '100000',
      RATE_LIMIT_PUBLIC_READS_PER_MINUTE: '100000',
      LIMIT_PER_ADDRESS_PER_MINUTE: '100000',
      VOTE_LIMIT_PER_ADDRESS: '100000',
      // The default, said aloud: every +1 proves a little work, which the page solves unseen
      // (e2e/proof-of-work.spec.ts); with the limits above, no request or suggestion needs one.
      PROOF_OF_WORK: 'adaptive',
      // The identity provider e2e/oidc-sign-in.spec.ts starts (discovered on first sign-in).
      ...E2E_OIDC_ENV,
      // The local Stripe e2e/card-payments.spec.ts starts (called only when a payment starts).
      ...E2E_STRIPE_ENV,
      // The local push service e2e/push-notification.spec.ts starts (the only one allowed).
      ...E2E_PUSH_ENV,
    },
  },
});
