/**
 * The festival page (issue 24 §3): 20,000 phones on one musician's audience page, spread over two
 * server processes (the built server, PostgreSQL, a private Redis), half of the phones connected
 * to each process directly, as a balancer would spread them.
 *
 *   npm run bench:festival
 *
 * The phones live in --workers child processes (bench/festival-phones.ts) and do what the page
 * does. Two steps, each through the musician's real API:
 *  (a) the musician switches requests off (PUT /api/profile, as the dashboard does): when each
 *      phone received the push, from the moment the PUT left;
 *  (b) the musician adds a song (POST /api/songs): when each phone holds the new list, how many
 *      refetches were answered 304 and 200, and what the song list refresh cost the database
 *      (its transactions, from pg_stat_database: every statement outside a transaction is one);
 *  (c) with the public queue shown, an audience request is filed (POST /api/requests): when each
 *      phone with the Queue view open (one in QUEUE_VIEW_EVERY) holds the new queue, and what
 *      their refetches cost the servers and the database.
 *
 * Options: --phones 20000 --workers 4 --batch 250 --songs 200
 *   --database-url postgres://postgres@127.0.0.1:5432/postgres (a database is created and dropped)
 * Every process holds thousands of sockets: `ulimit -n` must allow about 12,000 for a server
 * process and phones/workers + 1,000 for a worker (20,000 on the machine measured).
 */
import { spawn, fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { QUEUE_VIEW_EVERY, type PhonesReport } from './bench/festival-phones.ts';
import { cpuSeconds } from './bench/process-stats.ts';
import { productEnv } from './bench/targets.ts';
import { seedBenchMusician } from './lib/bench-musician.ts';
import { freePort, startServerProcess, type ServerProcess } from './lib/server-process.ts';

const { values: args } = parseArgs({
  options: {
    phones: { type: 'string', default: '20000' },
    workers: { type: 'string', default: '4' },
    batch: { type: 'string', default: '250' },
    songs: { type: 'string', default: '200' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const PHONES = Number(args.phones);
const WORKERS = Number(args.workers);
const SONGS = Number(args.songs);
const PUSH_TARGET_P99_MS = 1000;
/** PostgreSQL 15 writes a backend's counters to pg_stat_database at most 10 s after it idles. */
const STATS_FLUSH_MS = 11_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const ms = (value: number) => `${value.toFixed(0)} ms`;

async function startRedis(): Promise<{ url: string; stop(): Promise<unknown> }> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const exited = once(child, 'exit');
  const url = `redis://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const probe = spawn('redis-cli', ['-p', String(port), 'ping'], { stdio: 'ignore' });
      probe.once('exit', (code) => resolve(code === 0));
    });
    if (up) return { url, stop: () => (child.kill('SIGTERM'), exited) };
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error('redis-server did not start');
}

/** Transactions the database has committed or rolled back so far (flushed counters). */
async function transactions(admin: pg.Client, dbName: string): Promise<number> {
  const { rows } = await admin.query<{ n: string }>(
    'SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = $1',
    [dbName],
  );
  return Number(rows[0]!.n);
}

function ask<T>(worker: ChildProcess, message: object, answer: string): Promise<T> {
  return new Promise((resolve) => {
    const listen = (reply: { type: string }) => {
      if (reply.type !== answer) return;
      worker.off('message', listen);
      resolve(reply as T);
    };
    worker.on('message', listen);
    worker.send(message);
  });
}

/** Polls the workers until `done` says the reports so far are complete, or `timeoutMs` passes. */
async function gather(
  workers: ChildProcess[],
  done: (total: PhonesReport) => boolean,
  timeoutMs: number,
): Promise<PhonesReport> {
  const total: PhonesReport = {
    type: 'report',
    requestsOff: [],
    newList: [],
    newQueue: [],
    status200: 0,
    status304: 0,
    failed: 0,
  };
  for (const started = Date.now(); Date.now() - started < timeoutMs;) {
    await sleep(500);
    for (const part of await Promise.all(
      workers.map((worker) => ask<PhonesReport>(worker, { type: 'flush' }, 'report')),
    )) {
      total.requestsOff.push(...part.requestsOff);
      total.newList.push(...part.newList);
      total.newQueue.push(...part.newQueue);
      total.status200 += part.status200;
      total.status304 += part.status304;
      total.failed += part.failed;
    }
    if (done(total)) break;
  }
  return total;
}

/** Milliseconds from `from` (hrtime ns) to each arrival, sorted. */
const since = (from: bigint, arrivals: string[]) =>
  arrivals.map((at) => Number(BigInt(at) - from) / 1e6).sort((a, b) => a - b);

const spread = (latencies: number[]) =>
  `p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}, ` +
  `max ${ms(latencies.at(-1) ?? NaN)}`;

const admin = new pg.Client({ connectionString: args['database-url'] });
await admin.connect();
const dbName = `bench_festival_${Date.now()}`;
await admin.query(`CREATE DATABASE ${dbName}`);
const dbUrl = new URL(args['database-url']);
dbUrl.pathname = `/${dbName}`;
const redis = await startRedis();
const servers: ServerProcess[] = [];
let workers: ChildProcess[] = [];

try {
  const env = {
    ...productEnv(undefined),
    // Every phone comes from this machine's one address: its share of the public reads too.
    RATE_LIMIT_PUBLIC_READS_PER_MINUTE: '10000000',
    DATABASE_URL: dbUrl.toString(),
    REDIS_URL: redis.url,
  };
  for (let i = 0; i < 2; i++) servers.push(await startServerProcess(env, { built: true }));
  const urls = servers.map((server) => server.url);
  const { token, musician } = await seedBenchMusician(urls[0]!, SONGS);
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const listed = (await (
    await fetch(`${urls[0]}/api/musicians/${musician.slug}/songs`)
  ).json()) as { id: string }[];

  console.log(
    `festival page: ${PHONES} phones on one audience page (${listed.length} songs), ` +
      `${WORKERS} phone processes, 2 server processes (built), PostgreSQL + Redis`,
  );
  const rampStarted = performance.now();
  workers = Array.from({ length: WORKERS }, () =>
    fork(join(import.meta.dirname, 'bench/festival-phones.ts'), { stdio: 'inherit' }),
  );
  const perWorker = (i: number) => Math.floor(PHONES / WORKERS) + (i < PHONES % WORKERS ? 1 : 0);
  const ready = await Promise.all(
    workers.map((worker, i) =>
      ask<{ connected: number; failed: number }>(
        worker,
        {
          type: 'start',
          // Worker i's phones alternate between the processes, starting with process i % 2.
          urls: i % 2 === 0 ? urls : [...urls].reverse(),
          slug: musician.slug,
          count: perWorker(i),
          batch: Number(args.batch),
        },
        'ready',
      ),
    ),
  );
  const connected = ready.reduce((sum, part) => sum + part.connected, 0);
  const failed = ready.reduce((sum, part) => sum + part.failed, 0);
  console.log(
    `ramp: ${connected} phones connected and following in ` +
      `${((performance.now() - rampStarted) / 1000).toFixed(1)} s (${failed} failed)`,
  );
  await sleep(2000);

  // What the two server processes spend on a step, in CPU seconds.
  const serverCpu = async () =>
    (await Promise.all(servers.map((server) => cpuSeconds(server.child.pid!)))).reduce(
      (sum, seconds) => sum + seconds,
      0,
    );
  const perPhone = (seconds: number) => `${((seconds * 1e6) / connected).toFixed(0)} µs`;

  // (a) Requests off: a push to every page (no list check: the repeat rule did not change).
  let cpuFrom = await serverCpu();
  let from = process.hrtime.bigint();
  const put = await fetch(`${urls[0]}/api/profile`, {
    method: 'PUT',
    headers: auth,
    body: JSON.stringify({ requests_enabled: false }),
  });
  if (!put.ok) throw new Error(`PUT /api/profile ${put.status} ${await put.text()}`);
  const off = await gather(workers, (total) => total.requestsOff.length >= connected, 30_000);
  const offCpu = (await serverCpu()) - cpuFrom;
  const offLatencies = since(from, off.requestsOff);
  const offP99 = percentile(offLatencies, 99);
  console.log(
    `\n(a) requests switched off: ${offLatencies.length} of ${connected} phones got the push; ` +
      `${spread(offLatencies)} after the PUT left; target p99 <= ${PUSH_TARGET_P99_MS} ms: ` +
      `${offP99 <= PUSH_TARGET_P99_MS && offLatencies.length === connected ? 'met' : 'NOT met'}` +
      `\n    servers' CPU: ${offCpu.toFixed(2)} s, ${perPhone(offCpu)} a phone; list refetches it ` +
      `caused: ${off.status200 + off.status304}`,
  );

  // (b) A song added: every page refetches its list.
  await sleep(STATS_FLUSH_MS);
  const before = await transactions(admin, dbName);
  for (const worker of workers) worker.send({ type: 'expect', songs: listed.length + 1 });
  cpuFrom = await serverCpu();
  from = process.hrtime.bigint();
  const post = await fetch(`${urls[0]}/api/songs`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ title: 'Festival Anthem', artist: 'The Bench', genres: [], moods: [] }),
  });
  if (!post.ok) throw new Error(`POST /api/songs ${post.status} ${await post.text()}`);
  const added = await gather(workers, (total) => total.newList.length >= connected, 60_000);
  const addedCpu = (await serverCpu()) - cpuFrom;
  await sleep(STATS_FLUSH_MS);
  const queries = (await transactions(admin, dbName)) - before;
  const listLatencies = since(from, added.newList);
  console.log(
    `\n(b) a song added: ${listLatencies.length} of ${connected} phones hold the new list; ` +
      `${spread(listLatencies)} after the POST left (the push waits 500 ms to coalesce a burst)` +
      `\n    refetches: ${added.status200} answered 200, ${added.status304} 304, ${added.failed} failed` +
      `; servers' CPU: ${addedCpu.toFixed(2)} s, ${perPhone(addedCpu)} a phone` +
      `\n    database: ${queries} transactions from the POST to ${STATS_FLUSH_MS / 1000} s after the ` +
      `last refetch (the POST itself included)`,
  );

  // (c) The queue shown, and a request filed: every Queue view refetches the queue.
  const shown = await fetch(`${urls[0]}/api/profile`, {
    method: 'PUT',
    headers: auth,
    body: JSON.stringify({ requests_enabled: true, public_queue: true }),
  });
  if (!shown.ok) throw new Error(`PUT /api/profile ${shown.status} ${await shown.text()}`);
  const queueViews = workers.reduce(
    (sum, _, i) => sum + Math.ceil(perWorker(i) / QUEUE_VIEW_EVERY),
    0,
  );
  await sleep(STATS_FLUSH_MS);
  await gather(workers, () => true, 1000); // what (b)'s stragglers left
  const beforeQueue = await transactions(admin, dbName);
  for (const worker of workers) worker.send({ type: 'expect', queue: 1 });
  cpuFrom = await serverCpu();
  from = process.hrtime.bigint();
  const filed = await fetch(`${urls[1]}/api/requests`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify({
      song_id: listed[0]!.id,
      requester_name: 'Festival Fan',
      requester_email: 'fan@example.com',
      dedication: '',
    }),
  });
  if (!filed.ok) throw new Error(`POST /api/requests ${filed.status} ${await filed.text()}`);
  const queued = await gather(workers, (total) => total.newQueue.length >= queueViews, 30_000);
  const queueCpu = (await serverCpu()) - cpuFrom;
  await sleep(STATS_FLUSH_MS);
  const queueQueries = (await transactions(admin, dbName)) - beforeQueue;
  const queueLatencies = since(from, queued.newQueue);
  // The push itself reaches every phone, as (a)'s did: what is left is the Queue views' refetches.
  const refetchCpu = queueCpu - offCpu;
  const perView = `${((refetchCpu * 1e6) / queueViews).toFixed(0)} µs`;
  console.log(
    `\n(c) a request filed, the public queue shown: ${queueLatencies.length} of ${queueViews} ` +
      `Queue views hold the new queue; ${spread(queueLatencies)} after the POST left (the push ` +
      `waits 150 ms, each view up to 800 ms more)` +
      `\n    refetches: ${queued.status200} answered 200, ${queued.status304} 304, ` +
      `${queued.failed} failed; servers' CPU: ${queueCpu.toFixed(2)} s, less (a)'s push to ` +
      `every phone: ${refetchCpu.toFixed(2)} s, ${perView} a Queue view` +
      `\n    database: ${queueQueries} transactions from the POST to ${STATS_FLUSH_MS / 1000} s ` +
      `after the last refetch (the request itself included)`,
  );
} finally {
  await Promise.all(
    workers.map((worker) => {
      const exited = once(worker, 'exit');
      worker.send({ type: 'stop' });
      return exited;
    }),
  );
  await Promise.all(servers.map((server) => server.stop()));
  await redis.stop();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}
process.exit(0);
