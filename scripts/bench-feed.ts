/**
 * Live feed benchmark: how long an audience request takes from its POST /api/requests to the
 * `request.created` message on the musician's raw WebSocket feeds (issue 11 asks for 100 ms).
 *
 *   npm run bench:feed
 *
 * It builds the server, starts it as `npm start` does on the embedded database, seeds one
 * musician with enough songs that no request merges into another, opens --feeds feeds with one
 * feed token (the `ws` package, as a Stream Deck plugin or a script would), then sends
 * --requests audience requests open-loop at --rate a second, each from its own phone. Latency is
 * measured to the last of the feeds to receive it, like bench-realtime.ts does for devices.
 *
 * Options: --requests 300 --rate 50 --feeds 3
 * The load generator and the feeds run on this machine too, so they share its cores.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { FEED_PATH, FeedMessage, type CreatedFeedToken } from '#shared/schemas/feed.ts';
import { seedBenchMusician } from './lib/bench-musician.ts';
import { startServerProcess } from './lib/server-process.ts';

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '300' },
    rate: { type: 'string', default: '50' },
    feeds: { type: 'string', default: '3' },
  },
});
const REQUESTS = Number(args.requests);
const RATE = Number(args.rate);
const FEEDS = Number(args.feeds);
const TARGET_MS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function post<T>(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${url} ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** A feed that notes when each requester's request.created reached it (performance.now()). */
async function openFeed(url: string, token: string): Promise<Map<string, number>> {
  const arrivals = new Map<string, number>();
  const address = new URL(FEED_PATH, url.replace(/^http/, 'ws'));
  address.searchParams.set('token', token);
  const socket = new WebSocket(address);
  await new Promise<void>((resolve, reject) => {
    socket.on('message', (data) => {
      const message = FeedMessage.parse(JSON.parse(data.toString()));
      if (message.type === 'hello') resolve();
      if (message.type === 'request.created') {
        arrivals.set(message.data.requester, performance.now());
      }
    });
    socket.once('error', reject);
    socket.once('close', (code) => reject(new Error(`feed closed with ${code}`)));
  });
  return arrivals;
}

const dataDir = await mkdtemp(join(tmpdir(), 'bench-feed-'));
const server = await startServerProcess(
  {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    LOG_LEVEL: 'warn',
    CLIENT_DIR: join(tmpdir(), 'no-client'),
    RATE_LIMIT_AUTH_PER_MINUTE: '100000',
    RATE_LIMIT_PUBLIC_PER_MINUTE: '10000000',
    // One generator stands in for hundreds of phones: the per-musician flood guard, and one
    // address's share of it, would refuse most of them. Each request still has its own requester.
    LIMIT_PER_MUSICIAN_PER_MINUTE: '10000000',
    LIMIT_PER_ADDRESS_PER_MINUTE: '10000000',
    // Its phones' +1s on one song come from that one address too.
    VOTE_LIMIT_PER_ADDRESS: '10000000',
    // A load generator, not phones: it solves no proof of work (PROOF_OF_WORK, issue 46).
    PROOF_OF_WORK: 'off',
  },
  { built: true, timeoutMs: 120_000 },
);

try {
  const musician = await seedBenchMusician(server.url, REQUESTS + 20);
  const songs = (await (
    await fetch(`${server.url}/api/musicians/${musician.musician.slug}/songs`)
  ).json()) as Array<{ id: string }>;
  const auth = { authorization: `Bearer ${musician.token}` };
  const { token } = await post<CreatedFeedToken>(`${server.url}/api/feed-tokens`, {}, auth);
  const feeds = await Promise.all(Array.from({ length: FEEDS }, () => openFeed(server.url, token)));

  // Open loop: each request leaves on its schedule, whether or not the last one was answered.
  const sentAt = new Map<string, number>();
  const sending: Array<Promise<unknown>> = [];
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const requester = `Fan${i}`;
    sentAt.set(requester, performance.now());
    sending.push(
      post(
        `${server.url}/api/requests`,
        {
          song_id: songs[i]!.id,
          requester_name: requester,
          requester_email: `fan-${i}-${randomUUID().slice(0, 8)}@example.com`,
          dedication: i % 3 === 0 ? `For table ${i}` : '',
        },
        { 'idempotency-key': randomUUID(), 'x-device-id': randomUUID().replaceAll('-', '') },
      ),
    );
  }
  await Promise.all(sending);
  await sleep(2000);

  const latencies: number[] = [];
  let lost = 0;
  for (const [requester, sent] of sentAt) {
    const arrivals = feeds.map((feed) => feed.get(requester));
    if (arrivals.some((at) => at === undefined)) {
      lost += 1;
      continue;
    }
    latencies.push(Math.max(...(arrivals as number[])) - sent);
  }
  latencies.sort((a, b) => a - b);
  const ms = (value: number) => value.toFixed(1);
  const p99 = percentile(latencies, 99);
  console.log(
    [
      `live feed: ${REQUESTS} requests at ${RATE}/s, ${FEEDS} feeds, embedded database (built server)`,
      `POST -> request.created on the last feed: p50 ${ms(percentile(latencies, 50))} ms, ` +
        `p95 ${ms(percentile(latencies, 95))} ms, p99 ${ms(p99)} ms, max ${ms(latencies.at(-1) ?? NaN)} ms`,
      `lost: ${lost}; target p99 <= ${TARGET_MS} ms: ${p99 <= TARGET_MS && lost === 0 ? 'met' : 'NOT met'}`,
    ].join('\n'),
  );
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(0);
