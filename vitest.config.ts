import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const serverTests = ['server/test/**/*.test.ts', 'shared/**/*.test.ts', 'scripts/**/*.test.ts'];

// Every test file imports the whole server again, in a process of its own. Packages of many
// files load slowly there; bundled once a run into a few files, they load in a fraction of the
// time (measured with the query builder before Kysely, 448 files: 10 files importing app.ts,
// 22.6 s -> 10.8 s). The zod type provider is bundled with zod, so that it and the app share one.
const serverDeps = {
  optimizer: {
    ssr: {
      enabled: true,
      include: ['kysely', 'zod', 'fastify-type-provider-zod'],
    },
  },
};

// A server test file spends longer importing the server (3-5 s through Vitest's module runner on
// CI's two cores) than running: the server projects share one module graph per worker
// (isolate: false), which halved the time of a folder of them. Each file still starts its own
// app and database; a test that spies on or stubs something shared (a prototype, the timers)
// restores it. A file that replaces a module (vi.mock) needs a graph of its own: it runs isolated.
const replacesModules = ['server/test/http/url-redaction.test.ts', 'server/test/fuzz/*.test.ts'];

// What only PostgreSQL can be asked: the retired PL/pgSQL the TypeScript rules are compared with,
// and the planner's index reads. They run in the PostgreSQL project alone.
const postgresOnly = [
  'server/test/features/requests/queue-positions-as-before.test.ts',
  'server/test/features/requests/repeat-rule-in-typescript.test.ts',
  'server/test/features/requests/submission-index-reads.test.ts',
];

// The server suite runs on the embedded SQLite (each test database in memory), and again on a
// real PostgreSQL server whenever TEST_DATABASE_URL is set (CI sets it; without it the PostgreSQL
// project is left out and requirements-setup.ts says so).
export default defineConfig({
  test: {
    // A test file spends much of its time waiting (PostgreSQL, sockets, timers), so one file a
    // core keeps the cores busy; Vitest's default of one less left one of CI's two cores idle.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'server-sqlite',
          include: serverTests,
          exclude: [...replacesModules, ...postgresOnly],
          isolate: false,
          env: { TEST_DB: 'sqlite' },
          // One line for each service or program some tests skip without (or, with
          // REQUIRE_ALL_TESTS=1, a failure): server/test/helpers/requirements.ts.
          globalSetup: ['server/test/helpers/requirements-setup.ts'],
          deps: serverDeps,
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-sqlite-own-modules',
          include: replacesModules,
          env: { TEST_DB: 'sqlite' },
          deps: serverDeps,
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
                  'server/test/proof-of-work/**/*.test.ts',
                  'server/test/realtime/realtime.test.ts',
                  'server/test/realtime/audience-namespace.test.ts',
                  'server/test/realtime/session-expiry.test.ts',
                  'server/test/realtime/songs-changed-events.test.ts',
                  'server/test/realtime/feed-websocket.test.ts',
                  'server/test/http-contract.test.ts',
                  'server/test/metrics/metrics.test.ts',
                  'server/test/db/kysely-over-pool.test.ts',
                ],
                isolate: false,
                env: { TEST_DB: 'postgres' },
                globalSetup: ['server/test/helpers/postgres-template.ts'],
                deps: serverDeps,
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
