/**
 * Cluster benchmark (issue 24): what adding server processes costs. 1, 2 and 4 processes of the
 * built server on PostgreSQL + Redis behind HAProxy (the deployment's haproxy.cfg), at a fixed
 * pace of audience requests, with the musicians' devices connected through the balancer as
 * phones and tablets would be: the CPU time all server processes together spend per request, as
 * a ratio to 1 process, and how long a request takes to reach the last of its musician's devices.
 * Beside each count N > 1, a floor: 1 process at the pace each of the N gets (pace / N), since a
 * process that is less busy spends more per request on this machine whatever the cluster does.
 *
 *   npm run bench:cluster
 *   npm run bench:cluster -- --processes 1,4 --seconds 30
 *
 * Options: --processes 1,2,4 --pace 100 --seconds 20 --warmup-seconds 5 --musicians 100
 * --devices 3 --workers 2 --database-url URL, and --unrouted: the requests name no musician (as
 * before the audience page named one), so the balancer spreads them by round robin. Every process count gets a fresh database and a
 * private redis-server of its own (no persistence, on a free port), so runs do not disturb each
 * other or the machine's Redis. Nothing here depends on which Socket.IO adapter the server uses.
 */
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { connectDevices, stopDevices, type DeviceFleet } from './bench/devices.ts';
import {
  cpuSeconds,
  machineBusySeconds,
  postgresBackendsCpuSeconds,
} from './bench/process-stats.ts';
import { fire, paced, summarise, type Summary } from './bench/shots.ts';
import {
  agent,
  productEnv,
  startProduct,
  withFreshDatabase,
  type BenchTarget,
} from './bench/targets.ts';
import { startBalancer, type Balancer } from './faults/balancer.ts';
import { PrivateRedis } from './faults/processes.ts';
import { freePort } from './lib/server-process.ts';

const { values: args } = parseArgs({
  options: {
    processes: { type: 'string', default: '1,2,4' },
    pace: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '20' },
    'warmup-seconds': { type: 'string', default: '5' },
    musicians: { type: 'string', default: '100' },
    devices: { type: 'string', default: '3' },
    workers: { type: 'string', default: '2' },
    unrouted: { type: 'boolean', default: false },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const COUNTS = args.processes.split(',').map(Number);
const PACE = Number(args.pace);
const SECONDS = Number(args.seconds);
const WARMUP_SECONDS = Number(args['warmup-seconds']);
const MUSICIANS = Number(args.musicians);
const DEVICES = Number(args.devices);
const WORKERS = Number(args.workers);
const IDLE_SECONDS = 5;

/** The goals, at the largest count. */
const GOAL = { cpuRatio: 1.3, p99Ms: 30 };

interface Row {
  processes: number;
  /** Audience requests a second, over all processes. */
  pace: number;
  requests: number;
  latency: Summary;
  /** Server CPU seconds in the measured window, each process's. */
  serverCpu: number[];
  redisCpu: number;
  /** CPU seconds of the database's PostgreSQL backends in the window. */
  postgresCpu: number;
  /** Share of a core each process spends with the devices connected and no request. */
  idleShare: number[];
  machineBusy: number;
  wallSeconds: number;
}

const log = (line: string) => console.error(`[bench:cluster] ${line}`);

/** Fisher-Yates: the devices arrive at the balancer in no musician's order, as in a city. */
function shuffled<T>(list: T[]): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

async function measure(processes: number, pace: number, databaseUrl: string): Promise<Row> {
  const redis = new PrivateRedis(await freePort());
  const balancerPort = await freePort();
  const env = {
    ...productEnv(undefined),
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url,
    PUBLIC_URL: `http://127.0.0.1:${balancerPort}`,
    TRUST_PROXY: '1',
  };
  let product: Awaited<ReturnType<typeof startProduct>> | undefined;
  let balancer: Balancer | undefined;
  let fleet: DeviceFleet | undefined;
  try {
    await redis.start();
    // One after the other (startProduct): the first migrates the fresh database.
    product = await startProduct(
      `${processes} processes`,
      Array.from({ length: processes }, () => env),
    );
    balancer = await startBalancer(
      balancerPort,
      product.urls.map((url) => new URL(url).host),
    );
    // Requests too go through the balancer, spread over the processes as the devices are.
    const target: BenchTarget = { ...product, urls: [balancer.url] };
    const started = Date.now();
    const musicians = await product.seed(MUSICIANS);
    const devices = musicians.flatMap((musician) =>
      Array.from({ length: DEVICES }, () => ({
        url: balancer!.url,
        token: musician.token,
        musicianId: musician.id,
      })),
    );
    fleet = await connectDevices(shuffled(devices), WORKERS);
    if (fleet.connected !== devices.length) {
      throw new Error(`${fleet.connected} of ${devices.length} devices connected`);
    }
    log(`${processes}: seeded and connected in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    // A shot names its musician's id for the balancer (bench/shots.ts) unless told not to.
    const shooting = args.unrouted
      ? musicians.map((musician) => ({ ...musician, id: undefined }))
      : musicians;

    // Unmeasured: JIT, pools, the adapter's first subscriptions.
    await fire(paced(target, shooting, pace, pace * WARMUP_SECONDS), fleet, DEVICES);

    const readCpu = () => Promise.all(product!.pids.map(cpuSeconds));
    // What a process costs with no request (heartbeats, health checks, the adapter's reads).
    const idleBefore = await readCpu();
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    const idleShare = (await readCpu()).map((after, i) => (after - idleBefore[i]!) / IDLE_SECONDS);
    const serverBefore = await readCpu();
    const redisBefore = await cpuSeconds(redis.pid!);
    const database = new URL(databaseUrl).pathname.slice(1);
    const postgresBefore = await postgresBackendsCpuSeconds(database);
    const machineBefore = await machineBusySeconds();
    const wallBefore = process.hrtime.bigint();
    const shots = paced(target, shooting, pace, pace * SECONDS);
    const latency = summarise(await fire(shots, fleet, DEVICES));
    const wallSeconds = Number(process.hrtime.bigint() - wallBefore) / 1e9;
    const serverAfter = await readCpu();
    return {
      processes,
      pace,
      requests: shots.length,
      latency,
      serverCpu: serverAfter.map((after, i) => after - serverBefore[i]!),
      redisCpu: (await cpuSeconds(redis.pid!)) - redisBefore,
      postgresCpu: (await postgresBackendsCpuSeconds(database)) - postgresBefore,
      idleShare,
      machineBusy: (await machineBusySeconds()) - machineBefore,
      wallSeconds,
    };
  } finally {
    if (fleet) await stopDevices(fleet);
    await balancer?.stop();
    await product?.stop();
    await redis.stop();
  }
}

const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);
const ms = (value: number) => (Number.isNaN(value) ? '-' : value.toFixed(1));
const perRequestMs = (seconds: number, row: Row) => ((seconds * 1000) / row.requests).toFixed(2);
const verdict = (ok: boolean) => (ok ? ' ✓' : ' ✗');

/** How busy the machine is without the benchmark: its neighbours, on a shared machine. */
async function machineBusyNow(): Promise<number> {
  const before = await machineBusySeconds();
  await new Promise((resolve) => setTimeout(resolve, 3000));
  return ((await machineBusySeconds()) - before) / 3;
}

function report(rows: Row[], floors: Row[], busyBefore: number) {
  const reference = rows.find((row) => row.processes === 1) ?? rows[0]!;
  const floorOf = (row: Row) => floors.find((floor) => floor.pace === row.pace / row.processes);
  const cpuPerRequest = (row: Row) => sum(row.serverCpu) / row.requests;
  const largest = Math.max(...rows.map((row) => row.processes));
  console.log(
    `\n### Cluster: PostgreSQL + Redis behind HAProxy, ${PACE} requests/s for ${SECONDS} s\n\n` +
      `${new Date().toISOString().slice(0, 10)}; ${MUSICIANS} musicians x ${DEVICES} devices ` +
      `through the balancer, each request ${args.unrouted ? 'naming no musician (round robin)' : "naming its musician (to the musician's process)"}; ${WARMUP_SECONDS} s of warm-up and ${IDLE_SECONDS} s ` +
      `idle (no request) before the measured window; CPU is user + system time from /proc over the window (the shots, then 1 s for ` +
      `the last events). Before the run, without it, the machine was busy ` +
      `${busyBefore.toFixed(2)} of its ${availableParallelism()} cores.\n`,
  );
  console.log(
    '| processes | requests | lost | server CPU ms / request | vs 1 process | p50 / p99 ms | ' +
      'each process, % of a core | idle, % of a core | Redis CPU ms / request | ' +
      'PostgreSQL CPU ms / request | machine busy, cores | floor: 1 process at pace / N, ' +
      'CPU ms / request | vs floor |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  const floorColumns = (row: Row) => {
    const floor = floorOf(row);
    if (row.processes === 1 || !floor) return '- | -';
    return (
      `${perRequestMs(sum(floor.serverCpu), floor)} (${floor.pace}/s) | ` +
      (cpuPerRequest(row) / cpuPerRequest(floor)).toFixed(2)
    );
  };
  for (const row of rows) {
    const ratio = cpuPerRequest(row) / cpuPerRequest(reference);
    const atGoal = row.processes === largest && rows.length > 1;
    const percents = (shares: number[]) =>
      shares.map((share) => (share * 100).toFixed(0)).join(', ');
    const shares = percents(row.serverCpu.map((seconds) => seconds / row.wallSeconds));
    console.log(
      `| ${row.processes} | ${row.requests} | ${row.latency.lost} | ` +
        `${perRequestMs(sum(row.serverCpu), row)} | ${ratio.toFixed(2)}` +
        `${atGoal ? verdict(ratio <= GOAL.cpuRatio) : ''} | ${ms(row.latency.p50)} / ` +
        `${ms(row.latency.p99)}${atGoal ? verdict(row.latency.p99 <= GOAL.p99Ms) : ''} | ` +
        `${shares} | ${percents(row.idleShare)} | ${perRequestMs(row.redisCpu, row)} | ` +
        `${perRequestMs(row.postgresCpu, row)} | ` +
        `${(row.machineBusy / row.wallSeconds).toFixed(2)} | ` +
        floorColumns(row) +
        ' |',
    );
  }
  console.log(
    `\nGoal (issue 24, ✓ met, ✗ missed): at ${largest} processes, CPU per request <= ` +
      `${GOAL.cpuRatio}x that of 1 process and p99 <= ${GOAL.p99Ms} ms. "Machine busy" is ` +
      `every process on the machine (PostgreSQL, the load generator, the devices, neighbours). ` +
      `The floor is 1 process at the pace each of the N processes gets: what a process that ` +
      `busy spends per request with no cluster at all.`,
  );
}

const rows: Row[] = [];
const floors: Row[] = [];
const busyBefore = await machineBusyNow();
try {
  for (const processes of COUNTS) {
    log(`${processes} process(es): starting`);
    rows.push(
      await withFreshDatabase(args['database-url'], (url) => measure(processes, PACE, url)),
    );
    if (processes === 1) continue;
    log(`floor for ${processes}: 1 process at ${PACE / processes}/s`);
    floors.push(
      await withFreshDatabase(args['database-url'], (url) => measure(1, PACE / processes, url)),
    );
  }
} finally {
  await agent.close();
}
report(rows, floors, busyBefore);
