import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type AppConfig } from '../../src/config.ts';
import { createTestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
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
    ...overrides,
    rateLimit: {
      authPerIpPerMinute: 10_000,
      authPerEmailPerMinute: 10_000,
      publicWritesPerIpPerMinute: 10_000,
      ...overrides.rateLimit,
    },
  };
}

/**
 * Builds the real app on a fresh database for the calling test file and closes both after it.
 * Tests of one file share the app, so each test creates its own musicians and data.
 */
export async function startTestApp(
  overrides: ConfigOverrides = {},
  /** Extra routes a test needs, added before the app is ready. */
  extend?: (app: FastifyInstance) => void,
): Promise<TestApp> {
  const database = await createTestDatabase();
  const stream = new PassThrough();
  let raw = '';
  stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
  const app = await buildApp(testConfig({ database: database.options, ...overrides }), {
    logStream: stream,
  });
  extend?.(app);
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.drop();
  });
  return {
    app,
    rawLogs: () => raw,
    logs: () =>
      raw
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
