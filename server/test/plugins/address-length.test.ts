import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { ADDRESS_MAX_LENGTH } from '#server/plugins/address-length.ts';
import { cleanUpLater } from '#server-test/helpers/cleanup.ts';
import { createSong, registerMusician } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';
import { startBalancer } from '#scripts/faults/balancer.ts';
import { has } from '#server-test/helpers/requirements.ts';

/**
 * An address longer than any page makes answers 414 with a sentence, from the app and through
 * the shipped balancer, whether it would reach the API or the built client's files.
 */

// A built client of one page: the file server answers every address the API does not.
const clientDir = await mkdtemp(join(tmpdir(), 'client-'));
await writeFile(join(clientDir, 'index.html'), '<!doctype html><title>app</title>');
cleanUpLater(() => rm(clientDir, { recursive: true, force: true }));

const { app, url } = await startTestApp({ clientDir }, { listen: true });

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const appAddress = new URL(url).host;
// The shipped balancer in front, where the machine has HAProxy (requirements.ts).
const balancer = has.haproxy
  ? await startBalancer(await freePort(), [appAddress, appAddress])
  : undefined;
if (balancer) cleanUpLater(() => balancer.stop());

const a = (length: number) => 'a'.repeat(length);
const tooLong = [
  ['a page', `/${a(ADDRESS_MAX_LENGTH)}`],
  ['a page under a folder', `/x/${a(300)}`],
  ['a page of many short parts', `/${'a/'.repeat(ADDRESS_MAX_LENGTH / 2)}`],
  ['an API path', `/api/${a(ADDRESS_MAX_LENGTH)}`],
  ['a query', `/api/health?q=${a(ADDRESS_MAX_LENGTH)}`],
  ['a musician', `/api/musicians/${a(300)}`],
];

describe('an address too long', () => {
  for (const [base, target] of [
    ['the app', url],
    ...(balancer ? [['the balancer', balancer.url] as const] : []),
  ] as const) {
    it.each(tooLong)(`${base}: %s answers 414 with a sentence`, async (_, path) => {
      for (const accept of ['application/json', 'text/html']) {
        const res = await fetch(target + path, { headers: { accept } });
        expect(res.status).toBe(414);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        expect(await res.json()).toEqual({ detail: messages.addressTooLong });
      }
    });
  }

  it.runIf(balancer)(
    'past what a process reads at all (16 KB), the balancer passes on its JSON 431',
    async () => {
      for (const init of [
        { path: `/api/health?q=${a(20_000)}`, headers: {} },
        { path: '/api/health', headers: { cookie: `a=${a(20_000)}` } },
      ]) {
        const res = await fetch(balancer!.url + init.path, { headers: init.headers });
        expect(res.status).toBe(431);
        expect(await res.json()).toEqual({ detail: messages.requestHeadersTooLarge });
      }
    },
  );

  it.runIf(balancer)(
    'keeps the longest address a real page makes: a full search in three-byte letters',
    async () => {
      const musician = await registerMusician(app);
      await createSong(app, musician, { title: '歌'.repeat(3), artist: 'Someone' });
      const search = encodeURIComponent('歌'.repeat(200));
      const path = `/api/musicians/${musician.musician.slug}/songs?search=${search}`;
      expect(path.length).toBeGreaterThan(1800);
      const res = await fetch(balancer!.url + path);
      expect(res.status).toBe(200);
    },
  );
});
