/**
 * Real-time benchmark: how long from an audience POST /api/requests until the request reaches the
 * last of its musician's devices, under a steady load; and what the spec's polling would cost.
 *
 *   npm run bench:realtime                  embedded database, one process
 *   npm run bench:realtime -- --postgres    also PostgreSQL + Redis with two processes
 *
 * Options: --musicians 100 --devices 3 --rate 200 --seconds 10 --workers 2
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { Agent, request } from 'undici';
import { startServerProcess, type ServerProcess } from './lib/server-process.ts';
import { DASHBOARD_POLL_MS, ON_STAGE_POLL_MS } from '#shared/limits.ts';

const { values: args } = parseArgs({
  options: {
    musicians: { type: 'string', default: '100' },
    devices: { type: 'string', default: '3' },
    rate: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '10' },
    workers: { type: 'string', default: '2' },
    postgres: { type: 'boolean', default: false },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    'redis-url': { type: 'string', default: 'redis://127.0.0.1:6379' },
  },
});
const MUSICIANS = Number(args.musicians);
const DEVICES = Number(args.devices);
const RATE = Number(args.rate);
const SECONDS = Number(args.seconds);
const WORKERS = Number(args.workers);
const agent = new Agent({ connections: 64, pipelining: 1 });

async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  return startServerProcess({
    ...env,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_AUTH_PER_MINUTE: '100000',
    RATE_LIMIT_PUBLIC_PER_MINUTE: '1000000',
    CLIENT_DIR: join(tmpdir(), 'no-client'),
  });
}

async function postJson<T>(url: string, body: unknown, token?: string): Promise<T> {
  const res = await request(url, {
    method: 'POST',
    dispatcher: agent,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const text = await res.body.text();
  if (res.statusCode >= 400) throw new Error(`${url} ${res.statusCode} ${text}`);
  return JSON.parse(text) as T;
}

interface Musician {
  token: string;
  songId: string;
}

async function seedMusicians(url: string): Promise<Musician[]> {
  const run = Date.now().toString(36);
  const musicians: Musician[] = [];
  for (let i = 0; i < MUSICIANS; i++) {
    const { token } = await postJson<{ token: string }>(`${url}/api/auth/register`, {
      name: `Bench ${run} ${i}`,
      email: `bench-${run}-${i}@example.com`,
      password: 'benchmark password 1',
    });
    const song = await postJson<{ id: string }>(
      `${url}/api/songs`,
      { title: `Song ${i}`, artist: 'Bench' },
      token,
    );
    musicians.push({ token, songId: song.id });
  }
  return musicians;
}

/** Devices spread over worker processes, each device connected to one of the server urls. */
async function connectDevices(urls: string[], musicians: Musician[]) {
  const workers = Array.from({ length: WORKERS }, () =>
    fork(join(import.meta.dirname, 'bench/device-worker.ts'), { stdio: 'inherit' }),
  );
  const plans: Array<Array<{ url: string; token: string }>> = workers.map(() => []);
  let n = 0;
  for (const musician of musicians) {
    for (let d = 0; d < DEVICES; d++, n++) {
      plans[n % WORKERS]!.push({ url: urls[n % urls.length]!, token: musician.token });
    }
  }
  await Promise.all(
    workers.map(
      (worker, i) =>
        new Promise<void>((resolve) => {
          worker.once('message', () => resolve());
          worker.send({ type: 'start', devices: plans[i] });
        }),
    ),
  );
  return workers;
}

async function collectArrivals(workers: ChildProcess[]): Promise<Map<number, bigint[]>> {
  const bySeq = new Map<number, bigint[]>();
  const batches = await Promise.all(
    workers.map(
      (worker) =>
        new Promise<Array<[number, string]>>((resolve) => {
          worker.once('message', (message: { arrivals: Array<[number, string]> }) =>
            resolve(message.arrivals),
          );
          worker.send({ type: 'flush' });
        }),
    ),
  );
  for (const [seq, at] of batches.flat()) {
    const list = bySeq.get(seq) ?? [];
    list.push(BigInt(at));
    bySeq.set(seq, list);
  }
  return bySeq;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** Open-loop load: RATE requests a second for SECONDS, each to a musician in turn. */
async function runLoad(urls: string[], musicians: Musician[], workers: ChildProcess[]) {
  const sent = new Map<number, bigint>();
  const total = RATE * SECONDS;
  const started = process.hrtime.bigint();
  const pending: Promise<unknown>[] = [];
  let failures = 0;
  for (let seq = 0; seq < total; seq++) {
    const due = started + BigInt(Math.round((seq * 1e9) / RATE));
    const wait = Number(due - process.hrtime.bigint()) / 1e6;
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const musician = musicians[seq % musicians.length]!;
    sent.set(seq, process.hrtime.bigint());
    pending.push(
      postJson(`${urls[seq % urls.length]}/api/requests`, {
        song_id: musician.songId,
        requester_name: 'Bench Fan',
        requester_email: 'fan@example.com',
        dedication: `bench:${seq}`,
      }).catch(() => failures++),
    );
  }
  await Promise.all(pending);
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  await new Promise((resolve) => setTimeout(resolve, 1000)); // let the last events land
  const arrivals = await collectArrivals(workers);

  const latencies: number[] = [];
  let incomplete = 0;
  for (const [seq, sentAt] of sent) {
    const times = arrivals.get(seq) ?? [];
    if (times.length < DEVICES) {
      incomplete++;
      continue;
    }
    const last = times.reduce((a, b) => (a > b ? a : b));
    latencies.push(Number(last - sentAt) / 1e6);
  }
  latencies.sort((a, b) => a - b);
  return {
    requests: total,
    achievedPerSecond: total / elapsed,
    failures,
    incomplete,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}

async function scenario(name: string, servers: ServerProcess[]) {
  const urls = servers.map((server) => server.url);
  const musicians = await seedMusicians(urls[0]!);
  const workers = await connectDevices(urls, musicians);
  try {
    const result = await runLoad(urls, musicians, workers);
    console.log(
      `| ${name} | ${MUSICIANS} x ${DEVICES} | ${RATE}/s | ${result.achievedPerSecond.toFixed(0)}/s | ` +
        `${result.p50.toFixed(1)} | ${result.p95.toFixed(1)} | ${result.p99.toFixed(1)} | ` +
        `${result.failures + result.incomplete} |`,
    );
  } finally {
    for (const worker of workers) worker.send({ type: 'stop' });
    await Promise.all(servers.map((server) => server.stop()));
  }
}

console.log(
  `Devices: ${MUSICIANS} musicians x ${DEVICES} devices, ${WORKERS} device processes, ${SECONDS} s per run\n`,
);
console.log('| setup | devices | offered | achieved | p50 ms | p95 ms | p99 ms | lost |');
console.log('|---|---|---|---|---|---|---|---|');

const dataDir = await mkdtemp(join(tmpdir(), 'bench-'));
try {
  await scenario('embedded (PGlite), 1 process', [
    await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' }),
  ]);

  if (args.postgres) {
    const admin = new pg.Client({ connectionString: args['database-url'] });
    await admin.connect();
    const dbName = `bench_${Date.now()}`;
    await admin.query(`CREATE DATABASE ${dbName}`);
    const dbUrl = new URL(args['database-url']);
    dbUrl.pathname = `/${dbName}`;
    try {
      const env = { DATABASE_URL: dbUrl.toString(), REDIS_URL: args['redis-url'] };
      const first = await startServer(env);
      const second = await startServer(env);
      await scenario('PostgreSQL + Redis, 2 processes', [first, second]);
    } finally {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
  await agent.close();
}

const screens = MUSICIANS * DEVICES;
console.log(
  `\nPolling instead (spec section 9), for the same ${screens} screens: ` +
    `${((screens * 1000) / DASHBOARD_POLL_MS).toFixed(0)} HTTP requests/s if all are dashboards (every 3 s), ` +
    `${((screens * 1000) / ON_STAGE_POLL_MS).toFixed(0)}/s if all are On Stage screens (every 5 s), ` +
    `each answering the musician's whole request list, and a new request is seen 1.5 to 2.5 s late on average.`,
);
