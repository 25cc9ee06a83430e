import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '#server/config.ts';

// No Docker engine runs where the tests run, so the files are checked against the app instead.
const root = join(import.meta.dirname, '../..');
const read = (name: string) => readFile(join(root, name), 'utf8');

interface ComposeService {
  image?: string;
  build?: unknown;
  ports?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: unknown };
  volumes?: string[];
}

const compose = parse(await read('docker-compose.yml')) as {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
};

describe('docker-compose.yml', () => {
  const { app, postgres, redis } = compose.services;

  it('runs the app with PostgreSQL 18 and Redis 7, each with a health check', () => {
    expect(app?.build).toBeDefined();
    expect(postgres?.image).toBe('postgres:18');
    expect(redis?.image).toMatch(/^redis:7/);
    expect(postgres?.healthcheck?.test).toBeDefined();
    expect(redis?.healthcheck?.test).toBeDefined();
    expect(app?.depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
    });
  });

  it('keeps the database in a named volume', () => {
    const mount = postgres?.volumes?.[0]?.split(':')[0];
    expect(mount).toBeDefined();
    expect(compose.volumes).toHaveProperty(mount!);
  });

  it('gives the app an env the config understands, pointing at the compose services', () => {
    const env = app!.environment!;
    const config = loadConfig(env);
    const db = postgres!.environment!;

    expect(config.database).toEqual({
      kind: 'postgres',
      url: `postgres://${db.POSTGRES_USER}:${db.POSTGRES_PASSWORD}@postgres:5432/${db.POSTGRES_DB}`,
    });
    expect(config.redisUrl).toBe('redis://redis:6379');
    expect(app?.ports).toContain(`${config.port}:${config.port}`);
  });
});

describe('Dockerfile', () => {
  it('builds on Node 24, runs as a non-root user and serves the port the app listens on', async () => {
    const dockerfile = await read('Dockerfile');
    expect(dockerfile.match(/^FROM node:24-slim/gm)).toHaveLength(2);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toContain(`EXPOSE ${loadConfig({}).port}`);
    expect(dockerfile).toContain('CMD ["node", "server/src/main.ts"]');
  });
});
