import { createServer } from 'node:net';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '#server/config.ts';
import { registerMusician } from '#server-test/helpers/factories.ts';
import { cleanUpLater } from '#server-test/helpers/cleanup.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';
import { startBalancer, type Balancer } from '#scripts/faults/balancer.ts';
import { has } from '#server-test/helpers/requirements.ts';

/**
 * The shipped balancer (deploy/haproxy.cfg) in front of a real app that trusts proxies as
 * docker-compose.yml tells it to: a client that forges X-Forwarded-For must still be counted by
 * its own address.
 */

const compose = parse(
  await readFile(join(import.meta.dirname, '../../docker-compose.yml'), 'utf8'),
) as { services: { app1: { environment: Record<string, string> } } };
const shippedTrust = loadConfig(compose.services.app1.environment).trustProxy;

const AUTH_PER_IP = 8;
const { app, url } = await startTestApp(
  { trustProxy: shippedTrust, rateLimit: { authPerIpPerMinute: AUTH_PER_IP } },
  {
    listen: true,
    extend: (app) => app.get('/test/ip', async (request) => ({ ip: request.ip })),
  },
);
const appAddress = new URL(url).host;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

// Started here, as the file loads, where the machine has HAProxy (requirements.ts).
let balancer: Balancer;
if (has.haproxy) {
  balancer = await startBalancer(await freePort(), [appAddress, appAddress]);
  cleanUpLater(() => balancer.stop());
}

const forged = (n: number) => ({ 'x-forwarded-for': `203.0.113.${n % 250}, 198.51.100.${n}` });

describe.runIf(has.haproxy)('behind the shipped balancer', () => {
  it('the app sees the address the balancer saw, whatever the client claims', async () => {
    const res = await fetch(`${balancer.url}/test/ip`, { headers: forged(7) });
    expect(await res.json()).toEqual({ ip: '127.0.0.1' });
  });

  it('a forged X-Forwarded-For does not reset the per-address sign-in limit', async () => {
    // The register below is one of this address's sign-in calls.
    const musician = await registerMusician(app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < AUTH_PER_IP + 4; attempt++) {
      const res = await fetch(`${balancer.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...forged(attempt) },
        body: JSON.stringify({ email: musician.email, password: `wrong guess ${attempt}` }),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([
      ...Array<number>(AUTH_PER_IP - 1).fill(401),
      ...Array<number>(5).fill(429),
    ]);
  });
});
