import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '#server/config.ts';
import { HEARTBEAT } from '#server/realtime/socket-server-plugin.ts';
import { MUSICIAN_ROUTE_PARAM } from '#shared/realtime.ts';
import { PRODUCTION_ENTRY, PRODUCTION_ENV } from '#scripts/lib/server-process.ts';

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
  const { app1, app2, balancer, postgres, redis } = compose.services;

  it('runs two app replicas with PostgreSQL 18 and Redis 7, each with a health check', () => {
    expect(app1?.build).toBeDefined();
    expect(app2?.build).toEqual(app1?.build);
    expect(postgres?.image).toBe('postgres:18');
    expect(redis?.image).toMatch(/^redis:7/);
    expect(postgres?.healthcheck?.test).toBeDefined();
    expect(redis?.healthcheck?.test).toBeDefined();
    for (const app of [app1, app2]) {
      expect(app?.depends_on).toEqual({
        postgres: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
      });
      // Only the balancer is published: a replica reached directly would skip it.
      expect(app?.ports).toBeUndefined();
    }
  });

  it('keeps the database in a named volume', () => {
    const mount = postgres?.volumes?.[0]?.split(':')[0];
    expect(mount).toBeDefined();
    expect(compose.volumes).toHaveProperty(mount!);
  });

  it('gives both replicas the same env the config understands, behind a proxy', () => {
    const env = app1!.environment!;
    expect(app2?.environment).toEqual(env);
    const config = loadConfig(env);
    const db = postgres!.environment!;

    expect(config.database).toEqual({
      kind: 'postgres',
      url: `postgres://${db.POSTGRES_USER}:${db.POSTGRES_PASSWORD}@postgres:5432/${db.POSTGRES_DB}`,
    });
    // Redis carries each replica's socket events to the devices connected to the other one.
    expect(config.redis).toEqual({ url: 'redis://redis:6379' });
    // One hop: the balancer, which writes X-Forwarded-For itself (balancer-forwarded-for.test.ts).
    expect(config.trustProxy).toBe(1);
  });

  it('publishes HAProxy with deploy/haproxy.cfg, started once both replicas are healthy', () => {
    const port = loadConfig(app1!.environment!).port;
    expect(balancer?.image).toMatch(/^haproxy:/);
    expect(balancer?.ports).toEqual([`${port}:${port}`]);
    expect(balancer?.volumes).toContain(
      './deploy/haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro',
    );
    // Started once both replicas are ready, not merely alive.
    for (const app of [compose.services.app1, compose.services.app2]) {
      expect(JSON.stringify(app?.healthcheck?.test)).toContain('/api/ready');
    }
    expect(balancer?.depends_on).toEqual({
      app1: { condition: 'service_healthy' },
      app2: { condition: 'service_healthy' },
    });
  });
});

// The balancer's configuration, without comments, one directive a line.
const haproxyLines = (await read('deploy/haproxy.cfg'))
  .split('\n')
  .map((line) => line.replace(/#.*/, '').trim())
  .filter(Boolean);

describe('deploy/haproxy.cfg', () => {
  const lines = haproxyLines;
  const port = loadConfig(compose.services.app1!.environment!).port;

  it('balances over both compose replicas, by default on the published port', () => {
    const servers = lines.filter((line) => line.startsWith('server '));
    expect(servers).toEqual([
      `server app1 "\${APP1_ADDR-app1:${port}}" cookie app1`,
      `server app2 "\${APP2_ADDR-app2:${port}}" cookie app2`,
      // By musician: the same replicas, chosen by the musician a connection or write names.
      `server app1 "\${APP1_ADDR-app1:${port}}"`,
      `server app2 "\${APP2_ADDR-app2:${port}}"`,
    ]);
    expect(lines).toContain(`bind "\${BALANCER_BIND-:${port}}"`);
  });

  it("sends a musician's devices, and the audience's writes to that musician, to one replica", () => {
    expect(lines).toContain(
      `use_backend by_musician if { url_param(${MUSICIAN_ROUTE_PARAM}) -m found }`,
    );
    const byMusician = lines.slice(lines.indexOf('backend by_musician'));
    expect(byMusician).toContain(`balance url_param ${MUSICIAN_ROUTE_PARAM}`);
    expect(byMusician).toContain('hash-type consistent');
  });

  it('takes a replica out when GET /api/ready fails, and retries elsewhere', () => {
    expect(lines).toContain('option httpchk');
    expect(lines).toContain('http-check send meth GET uri /api/ready');
    expect(lines).toContain('http-check expect status 200');
    expect(lines.find((line) => line.startsWith('default-server '))).toMatch(/\bcheck\b/);
    expect(lines).toContain('option redispatch');
  });

  it('takes a draining replica out before its drain period ends', () => {
    const server = lines.find((line) => line.startsWith('default-server '))!.split(' ');
    const setting = (name: string) => server[server.indexOf(name) + 1]!;
    const seconds = (value: string) =>
      Number(/^(\d+)/.exec(value)![1]) / (value.endsWith('ms') ? 1000 : 1);
    // The first failing check comes within `inter`, the rest of `fall` every `fastinter`.
    const markedDown =
      seconds(setting('inter')) + (Number(setting('fall')) - 1) * seconds(setting('fastinter'));
    expect(markedDown).toBeLessThan(loadConfig({}).drainSeconds);
  });

  it('keeps WebSockets open for a whole show and forwards the client address', () => {
    const tunnel = lines.find((line) => line.startsWith('timeout tunnel '));
    expect(tunnel).toBeDefined();
    const seconds = (value: string) => {
      const [, amount, unit] = /^(\d+)(ms|s|m|h)?$/.exec(value)!;
      return Number(amount) * { ms: 0.001, s: 1, m: 60, h: 3600 }[unit ?? 'ms']!;
    };
    expect(seconds(tunnel!.split(' ')[2]!)).toBeGreaterThanOrEqual(3600);
    // Longer than Socket.IO's ping interval plus timeout, so idle polls survive.
    const client = lines.find((line) => line.startsWith('timeout client '));
    const heartbeat = (HEARTBEAT.pingIntervalMs + HEARTBEAT.pingTimeoutMs) / 1000;
    expect(seconds(client!.split(' ')[2]!)).toBeGreaterThan(heartbeat);
    // Replaced, never appended to: what a client wrote itself must not reach the apps.
    expect(lines).toContain('http-request set-header X-Forwarded-For %[src]');
    expect(lines).not.toContain('option forwardfor');
  });
});

describe('Dockerfile', () => {
  it('builds on Node 24, runs as a non-root user and serves the port the app listens on', async () => {
    const dockerfile = await read('Dockerfile');
    expect(dockerfile.match(/^FROM node:24-slim/gm)).toHaveLength(2);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toContain(`EXPOSE ${loadConfig({}).port}`);
    // The image runs the server the way `npm start` and the benchmarks do.
    expect(dockerfile).toContain(`CMD ${JSON.stringify(['node', ...PRODUCTION_ENTRY])}`);
    expect(dockerfile).toContain('COPY --from=build /app/server/dist ./server/dist');
    const { scripts } = JSON.parse(await read('package.json')) as {
      scripts: Record<string, string>;
    };
    const env = Object.entries(PRODUCTION_ENV).map(([name, value]) => `${name}=${value}`);
    expect(scripts.start).toBe(
      `npm run build && ${env.join(' ')} node ${PRODUCTION_ENTRY.join(' ')}`,
    );
    for (const setting of env) expect(dockerfile).toContain(`    ${setting} \\`);
  });
});
