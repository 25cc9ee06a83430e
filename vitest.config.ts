import { defineConfig } from 'vitest/config';

const serverTests = ['server/test/**/*.test.ts', 'shared/**/*.test.ts', 'scripts/**/*.test.ts'];

// The server suite runs on the embedded PGlite, and again on a real PostgreSQL server
// whenever TEST_DATABASE_URL is set (CI sets it).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server-pglite',
          include: serverTests,
          env: { TEST_DB: 'pglite' },
          globalSetup: ['server/test/helpers/pglite-template.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'server-postgres',
                // Process start-up and the on-disk embedded database are covered once, above.
                include: [
                  'server/test/features/**/*.test.ts',
                  'server/test/realtime/realtime.test.ts',
                  'server/test/realtime/audience-namespace.test.ts',
                  'server/test/realtime/session-expiry.test.ts',
                  'server/test/realtime/songs-changed-events.test.ts',
                  'server/test/realtime/feed-websocket.test.ts',
                  'server/test/http-contract.test.ts',
                ],
                env: { TEST_DB: 'postgres' },
                testTimeout: 20_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        test: { name: 'client', include: ['client/src/**/*.test.{ts,tsx}'] },
      },
    ],
  },
});
