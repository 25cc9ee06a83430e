import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer } from 'node:net';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { cleanUpLater } from '#server-test/helpers/cleanup.ts';
import { startBalancer, type Balancer } from '#scripts/faults/balancer.ts';
import { has } from '#server-test/helpers/requirements.ts';
import { waitFor } from '#scripts/faults/processes.ts';

/**
 * The shipped balancer (deploy/haproxy.cfg, run by the faults suite's helper) answers like the
 * app: `{ detail }` in JSON, whether it refuses a request itself or has no process to pass it to.
 */

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A process the balancer can lose: ready until told otherwise, and one that dies in the middle
 * of answering GET /die (its connection cut before a byte of the answer).
 */
let ready = true;
const backend: Server = createHttpServer((request, response) => {
  if (request.url === '/die') {
    request.socket.destroy();
    return;
  }
  response.writeHead(request.url === '/api/ready' && !ready ? 503 : 200).end('{}');
});
await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
cleanUpLater(() => new Promise<void>((resolve) => backend.close(() => resolve())));
const backendAddress = `127.0.0.1:${(backend.address() as { port: number }).port}`;

// Started here, as the file loads, where the machine has HAProxy (requirements.ts).
let balancer: Balancer;
if (has.haproxy) {
  balancer = await startBalancer(await freePort(), [backendAddress, backendAddress]);
  cleanUpLater(() => balancer.stop());
}

async function expectDetail(res: Response, status: number, detail: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toBe('application/json');
  expect(await res.json()).toEqual({ detail });
}

describe.runIf(has.haproxy)("the balancer's own answers", () => {
  // A head over tune.bufsize (32 KB), or bytes that are not HTTP, are refused by HAProxy 2.6's
  // HTTP parser with its built-in page: no errorfile or http-error reaches that answer. A head
  // the apps refuse themselves (over 16 KB) gets their JSON 431 (plugins/address-length.test.ts).
  it('400: a head too large for the balancer, its one answer that is not JSON', async () => {
    const res = await fetch(`${balancer.url}/`, { headers: { cookie: `a=${'x'.repeat(40_000)}` } });
    expect(res.status).toBe(400);
  });

  it('502: the process died while answering', async () => {
    const res = await fetch(`${balancer.url}/die`);
    await expectDetail(res, 502, messages.balancerServerGone);
  });

  it('503: no process is ready', async () => {
    ready = false;
    let res: Response | undefined;
    try {
      // Marked down after three failed checks (deploy/haproxy.cfg: about 3 s).
      await waitFor(
        'both processes marked down',
        async () => (res = await fetch(`${balancer.url}/anything`)).status === 503,
        10_000,
      );
    } finally {
      ready = true;
    }
    await expectDetail(res!, 503, messages.balancerNoServer);
  });
});

// The balancer's configuration, one directive a line.
const config = (await readFile(join(import.meta.dirname, '../../deploy/haproxy.cfg'), 'utf8'))
  .split('\n')
  .map((line) => line.trim());

describe('deploy/haproxy.cfg', () => {
  it('answers each of its own errors with a JSON sentence of the API', () => {
    const errors = new Map(
      config
        .filter((line) => line.startsWith('http-error '))
        .map((line) => {
          const [, status, type, body] =
            /^http-error status (\d+) content-type (\S+) string '(.*)'/.exec(line)!;
          expect(type).toBe('application/json');
          return [Number(status), (JSON.parse(body!) as { detail: string }).detail];
        }),
    );
    expect(Object.fromEntries(errors)).toEqual({
      400: messages.balancerBadRequest,
      403: messages.balancerForbidden,
      408: messages.requestTimedOut,
      500: messages.internalError,
      502: messages.balancerServerGone,
      503: messages.balancerNoServer,
      504: messages.balancerServerTooSlow,
    });
  });
});
