import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app.ts';
import { loadConfig, type AppConfig } from '#server/config.ts';
import { cleanUpLater } from './cleanup.ts';
import { createTestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  /** http://127.0.0.1:<port> once listening (only with `listen: true`). */
  url: string;
  /** Every log line the app wrote so far, parsed. */
  logs(): Array<Record<string, unknown>>;
  /** The raw log text, to check that no secret ever reaches it. */
  rawLogs(): string;
}

type ConfigOverrides = Partial<Omit<AppConfig, 'rateLimit'>> & {
  rateLimit?: Partial<AppConfig['rateLimit']>;
};

/** The config tests start from: quiet, API only, generous limits unless a test lowers them. */
export function testConfig(overrides: ConfigOverrides = {}): AppConfig {
  const base = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' });
  return {
    ...base,
    clientDir: undefined,
    // A fuzzer sends hundreds of emits on one socket; socket-limits.test.ts lowers these.
    socketLimits: { connectionsPerAddress: 10_000, emitBurst: 10_000, emitsPerSecond: 10_000 },
    // Hundreds of tests send requests and +1s as a script would, to test other rules: they send
    // no proof of work. The proof's own tests (server/test/proof-of-work/) turn it on.
    proofOfWork: 'off',
    ...overrides,
    rateLimit: {
      authPerIpPerMinute: 10_000,
      authPerEmailPerMinute: 10_000,
      publicWritesPerIpPerMinute: 10_000,
      publicReadsPerIpPerMinute: 10_000,
      ...overrides.rateLimit,
    },
  };
}

/**
 * Builds the real app on a fresh database and closes both when the caller's scope ends (the
 * test it is called in, or else the file). Tests of one file share a file-level app, so each
 * test creates its own musicians and data.
 */
export async function startTestApp(
  overrides: ConfigOverrides = {},
  options: {
    /** Extra routes a test needs, added before the app is ready. */
    extend?: (app: FastifyInstance) => void;
    /** Listen on a free local port, for real HTTP and socket clients. */
    listen?: boolean;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const stream = new PassThrough();
  let raw = '';
  stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
  const app = await buildApp(testConfig({ database: database.options, ...overrides }), {
    logStream: stream,
  });
  options.extend?.(app);
  const url = options.listen ? await app.listen({ port: 0, host: '127.0.0.1' }) : '';
  await app.ready();
  // Listening, as main.ts leaves it: a balancer's readiness check (GET /api/ready) lets it in.
  if (options.listen) app.readiness.ready();
  cleanUpLater(async () => {
    await app.close();
    await database.drop();
  });
  return {
    app,
    url,
    rawLogs: () => raw,
    logs: () =>
      raw
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
