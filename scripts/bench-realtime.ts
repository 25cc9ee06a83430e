/**
 * Real-time benchmark, for the embedded default (PGlite, one process) and optionally for two
 * processes over PostgreSQL and Redis:
 *
 *   1. footprint: each server process's resident memory at rest, just after start-up;
 *   2. capacity sweep: audience POST /api/requests at rising open-loop rates, and how long each
 *      request takes to reach the last of its musician's devices (p50/p95/p99);
 *   3. idle devices: thousands of connected devices doing nothing, and what each one costs the
 *      server in memory and CPU.
 *
 *   npm run bench:realtime                  embedded only
 *   npm run bench:realtime -- --postgres    also PostgreSQL + Redis with two processes
 *   npm run bench:realtime -- --postgres --skip-embedded    only those
 *
 * Options: --musicians 500 --devices 3 --rates 200,400,600,800 --seconds 10 --workers 2
 *          --idle-devices 10000 --idle-seconds 90 --settle-seconds 20 --cpu-prof-dir DIR
 * The load generator and the devices run on this machine too, so they share its cores.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { Agent, request } from 'undici';
import {
  coreShareOver,
  cpuSecondsOfThreads,
  megabytes,
  residentBytes,
} from './bench/process-stats.ts';
import { startServerProcess, type ServerProcess } from './lib/server-process.ts';
import { DASHBOARD_POLL_MS, ON_STAGE_POLL_MS } from '#shared/limits.ts';

const { values: args } = parseArgs({
  options: {
    musicians: { type: 'string', default: '500' },
    devices: { type: 'string', default: '3' },
    rates: { type: 'string', default: '200,400,600,800' },
    seconds: { type: 'string', default: '10' },
    workers: { type: 'string', default: '2' },
    'idle-devices': { type: 'string', default: '10000' },
    // Two heartbeat intervals (45 s): every idle device is pinged exactly twice in the window, so
    // the CPU share does not depend on where the window falls among the bursts of pings.
    'idle-seconds': { type: 'string', default: '90' },
    'settle-seconds': { type: 'string', default: '20' },
    postgres: { type: 'boolean', default: false },
    /** With --postgres: measure only the PostgreSQL setup. */
    'skip-embedded': { type: 'boolean', default: false },
    /** Writes a V8 CPU profile of each server process into this folder (open it in DevTools). */
    'cpu-prof-dir': { type: 'string' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    'redis-url': { type: 'string', default: 'redis://127.0.0.1:6379' },
  },
});
const MUSICIANS = Number(args.musicians);
const DEVICES = Number(args.devices);
const RATES = args.rates.split(',').map(Number);
const SECONDS = Number(args.seconds);
const WORKERS = Number(args.workers);
const IDLE_DEVICES = Number(args['idle-devices']);
const IDLE_SECONDS = Number(args['idle-seconds']);
const SETTLE_SECONDS = Number(args['settle-seconds']);
/** The targets: what the tables below are read against. */
const TARGET = {
  restMb: { embedded: 400, postgres: 120 },
  p99Ms: 100,
  idleBytesPerDevice: 20 * 1024,
  idleCoreShare: 0.03,
};

const agent = new Agent({ connections: 128, pipelining: 1 });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  return startServerProcess(
    {
      ...env,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_AUTH_PER_MINUTE: '100000',
      RATE_LIMIT_PUBLIC_PER_MINUTE: '10000000',
      // One generator stands in for thousands of phones: the per-musician flood guard (1000 a
      // minute by default) and one address's share of it (400) would refuse most of it. Each
      // request still has its own requester.
      LIMIT_PER_MUSICIAN_PER_MINUTE: '10000000',
      LIMIT_PER_ADDRESS_PER_MINUTE: '10000000',
      // And every device connects from this machine's one address (500 sockets by default).
      SOCKET_CONNECTIONS_PER_ADDRESS: '10000000',
      CLIENT_DIR: join(tmpdir(), 'no-client'),
      ...(args['cpu-prof-dir']
        ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${args['cpu-prof-dir']}` }
        : {}),
    },
    { built: true },
  );
}

async function call<T>(url: string, init: { body?: unknown; headers?: Record<string, string> }) {
  const res = await request(url, {
    method: init.body === undefined ? 'GET' : 'POST',
    dispatcher: agent,
    headers: { 'content-type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.body.text();
  if (res.statusCode >= 400) throw new Error(`${url} ${res.statusCode} ${text}`);
  return JSON.parse(text) as T;
}

interface Musician {
  token: string;
  songIds: string[];
}

/** Musicians with the 80-song starter pack each, so requests rarely merge into +1s. */
async function seedMusicians(url: string): Promise<Musician[]> {
  const run = Date.now().toString(36);
  const seedOne = async (i: number): Promise<Musician> => {
    const { token, musician } = await call<{ token: string; musician: { slug: string } }>(
      `${url}/api/auth/register`,
      {
        body: {
          name: `Bench ${run} ${i}`,
          email: `bench-${run}-${i}@example.com`,
          password: 'benchmark password 1',
        },
      },
    );
    await call(`${url}/api/songs/starter-pack`, {
      body: {},
      headers: { authorization: `Bearer ${token}` },
    });
    const songs = await call<Array<{ id: string }>>(
      `${url}/api/musicians/${musician.slug}/songs`,
      {},
    );
    return { token, songIds: songs.map((song) => song.id) };
  };
  const musicians: Musician[] = [];
  for (let i = 0; i < MUSICIANS; i += 10) {
    const batch = Array.from({ length: Math.min(10, MUSICIANS - i) }, (_, j) => seedOne(i + j));
    musicians.push(...(await Promise.all(batch)));
  }
  return musicians;
}

/** `count` devices spread over worker processes and servers, each signed in as a musician. */
async function connectDevices(urls: string[], musicians: Musician[], count: number) {
  const workers = Array.from({ length: WORKERS }, () =>
    fork(join(import.meta.dirname, 'bench/device-worker.ts'), { stdio: 'inherit' }),
  );
  const plans: Array<Array<{ url: string; token: string }>> = workers.map(() => []);
  for (let n = 0; n < count; n++) {
    const musician = musicians[n % musicians.length]!;
    plans[n % WORKERS]!.push({ url: urls[n % urls.length]!, token: musician.token });
  }
  const connected = await Promise.all(
    workers.map(
      (worker, i) =>
        new Promise<number>((resolve) => {
          worker.once('message', (message: { connected: number }) => resolve(message.connected));
          worker.send({ type: 'start', devices: plans[i] });
        }),
    ),
  );
  return { workers, connected: connected.reduce((a, b) => a + b, 0) };
}

function stopDevices(workers: ChildProcess[]) {
  return Promise.all(
    workers.map((worker) => {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.send({ type: 'stop' });
      return exited;
    }),
  );
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

let nextSeq = 0;

/**
 * Open-loop load: `rate` requests a second for SECONDS, each from its own phone (email, device
 * id, Idempotency-Key) to the musicians in turn, as the audience page sends them.
 */
async function runLoad(
  servers: ServerProcess[],
  musicians: Musician[],
  workers: ChildProcess[],
  rate: number,
) {
  const urls = servers.map((server) => server.url);
  const cpu = () => Promise.all(servers.map((server) => cpuSecondsOfThreads(server.child.pid!)));
  const cpuBefore = await cpu();
  const sent = new Map<number, bigint>();
  const total = rate * SECONDS;
  const started = process.hrtime.bigint();
  const pending: Promise<unknown>[] = [];
  let failures = 0;
  for (let i = 0; i < total; i++) {
    const due = started + BigInt(Math.round((i * 1e9) / rate));
    const wait = Number(due - process.hrtime.bigint()) / 1e6;
    if (wait > 1) await sleep(wait);
    const seq = nextSeq++;
    const musician = musicians[seq % musicians.length]!;
    const songId = musician.songIds[Math.floor(seq / musicians.length) % musician.songIds.length]!;
    sent.set(seq, process.hrtime.bigint());
    pending.push(
      call(`${urls[seq % urls.length]}/api/requests`, {
        body: {
          song_id: songId,
          requester_name: 'Bench Fan',
          requester_email: `fan-${seq}@example.com`,
          dedication: `bench:${seq}`,
        },
        headers: { 'idempotency-key': randomUUID(), 'x-device-id': `bench-device-${seq}-padding` },
      }).catch(() => failures++),
    );
  }
  await Promise.all(pending);
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  // What the servers spent on the requests (their events reach the devices before the answer).
  const cpuAfter = await cpu();
  const msPerRequest = (thread: 'main' | 'all') =>
    (cpuAfter.reduce((sum, after, i) => sum + after[thread] - cpuBefore[i]![thread], 0) * 1000) /
    total;
  await sleep(1000); // let the last events land
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
    achievedPerSecond: total / elapsed,
    mainMsPerRequest: msPerRequest('main'),
    allMsPerRequest: msPerRequest('all'),
    lost: failures + incomplete,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}

async function totalResident(servers: ServerProcess[]) {
  const sizes = await Promise.all(servers.map((server) => residentBytes(server.child.pid!)));
  return sizes.reduce((a, b) => a + b, 0);
}

/** Each process's resident memory SETTLE_SECONDS after start-up, before any load. */
async function atRest(servers: ServerProcess[]): Promise<string> {
  await sleep(SETTLE_SECONDS * 1000);
  const sizes = await Promise.all(servers.map((server) => residentBytes(server.child.pid!)));
  return sizes.map((bytes) => `${megabytes(bytes)} MB`).join(', ');
}

/**
 * Footprint, seeding and the capacity sweep on `servers`; then the idle run on servers started
 * afresh on the same data (`restart`), so neither measurement carries the other's garbage or the
 * sessions Socket.IO keeps two minutes for devices that left.
 */
async function scenario(
  name: string,
  servers: ServerProcess[],
  footprint: string,
  restart: () => Promise<ServerProcess[]>,
) {
  const urls = servers.map((server) => server.url);
  console.log(
    `\n### ${name}\n\nResident memory at rest (${SETTLE_SECONDS} s after start-up, target ` +
      `${TARGET.restMb[servers.length > 1 ? 'postgres' : 'embedded']} MB): ${footprint}\n`,
  );

  const musicians = await seedMusicians(urls[0]!);
  const devices = await connectDevices(urls, musicians, MUSICIANS * DEVICES);
  console.log(
    `Capacity sweep: ${MUSICIANS} musicians x ${DEVICES} devices, ${SECONDS} s per rate\n`,
  );
  console.log(
    '| offered | achieved | p50 ms | p95 ms | p99 ms | lost | p99 target | server CPU ms a request: main thread, all |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  let sustained = 0;
  try {
    for (const rate of RATES) {
      const result = await runLoad(servers, musicians, devices.workers, rate);
      const met = result.p99 <= TARGET.p99Ms && result.lost === 0;
      if (met) sustained = Math.max(sustained, rate);
      console.log(
        `| ${rate}/s | ${result.achievedPerSecond.toFixed(0)}/s | ${result.p50.toFixed(1)} | ` +
          `${result.p95.toFixed(1)} | ${result.p99.toFixed(1)} | ${result.lost} | ` +
          `${met ? 'met' : 'missed'} | ${result.mainMsPerRequest.toFixed(2)}, ` +
          `${result.allMsPerRequest.toFixed(2)} |`,
      );
      await sleep(2000);
    }
  } finally {
    await stopDevices(devices.workers);
  }
  console.log(`\nSustained with p99 <= ${TARGET.p99Ms} ms: ${sustained}/s\n`);
  if (IDLE_DEVICES > 0) await idleRun(await restart(), musicians);
  return sustained;
}

/** Connects IDLE_DEVICES devices that then do nothing; what does each cost the server? */
async function idleRun(servers: ServerProcess[], musicians: Musician[]) {
  const urls = servers.map((server) => server.url);
  await sleep(SETTLE_SECONDS * 1000);
  const before = await totalResident(servers);
  const devices = await connectDevices(urls, musicians, IDLE_DEVICES);
  try {
    // Handshakes done, their garbage collected, every heartbeat timer armed.
    await sleep(30_000);
    // The resident size swings as garbage comes and goes: the lowest of one sample a second
    // over the CPU window is what the devices themselves hold.
    let after = Infinity;
    const sampler = setInterval(() => {
      void totalResident(servers).then((bytes) => (after = Math.min(after, bytes)));
    }, 1000);
    const shares = await Promise.all(
      servers.map((server) => coreShareOver(server.child.pid!, IDLE_SECONDS)),
    ).finally(() => clearInterval(sampler));
    const perDevice = (after - before) / devices.connected;
    const share = shares.reduce((a, b) => a + b, 0);
    console.log(
      `Idle devices: ${devices.connected} of ${IDLE_DEVICES} connected; ` +
        `${(perDevice / 1024).toFixed(1)} KB each (target ${TARGET.idleBytesPerDevice / 1024} KB), ` +
        `${(share * 100).toFixed(1)} % of a core over ${IDLE_SECONDS} s ` +
        `(target ${TARGET.idleCoreShare * 100} %)\n`,
    );
  } finally {
    await stopDevices(devices.workers);
  }
}

/** The embedded default: footprint on the first start and on a restart, then the scenario. */
async function embeddedScenario(env: Record<string, string>) {
  // The first start creates the database; a musician's laptop mostly restarts on one.
  const first = await startServer(env);
  const firstStart = await atRest([first]).finally(() => first.stop());
  let embedded = [await startServer(env)];
  try {
    const restart = await atRest(embedded);
    const footprint = `${firstStart} on the first start (which creates the database), ${restart} on a restart`;
    await scenario('Embedded (PGlite), 1 process', embedded, footprint, async () => {
      await Promise.all(embedded.map((server) => server.stop()));
      embedded = [await startServer(env)];
      return embedded;
    });
  } finally {
    await Promise.all(embedded.map((server) => server.stop()));
  }
}

const dataDir = await mkdtemp(join(tmpdir(), 'bench-'));
try {
  const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  if (!args['skip-embedded']) await embeddedScenario(env);

  if (args.postgres) {
    const admin = new pg.Client({ connectionString: args['database-url'] });
    await admin.connect();
    const dbName = `bench_${Date.now()}`;
    await admin.query(`CREATE DATABASE ${dbName}`);
    const dbUrl = new URL(args['database-url']);
    dbUrl.pathname = `/${dbName}`;
    let servers: ServerProcess[] = [];
    try {
      const env = { DATABASE_URL: dbUrl.toString(), REDIS_URL: args['redis-url'] };
      const startTwo = async () => [await startServer(env), await startServer(env)];
      servers = await startTwo();
      await scenario(
        'PostgreSQL + Redis, 2 processes',
        servers,
        await atRest(servers),
        async () => {
          await Promise.all(servers.map((server) => server.stop()));
          servers = await startTwo();
          return servers;
        },
      );
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
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
  `\nPolling instead (spec section 9), for ${screens} screens: ` +
    `${((screens * 1000) / DASHBOARD_POLL_MS).toFixed(0)} HTTP requests/s if all are dashboards (every 3 s), ` +
    `${((screens * 1000) / ON_STAGE_POLL_MS).toFixed(0)}/s if all are On Stage screens (every 5 s), ` +
    `each answering the musician's whole request list, and a new request is seen 1.5 to 2.5 s late on average.`,
);
