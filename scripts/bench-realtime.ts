/**
 * Real-time benchmark: how long an audience request takes to reach the last of its musician's
 * devices, at every pace from a quiet bar to a Friday rush, beside a floor (the same libraries on
 * SQLite with one statement and nothing of ours, scripts/bench/floor-server.ts) loaded with the
 * same shots in the same run.
 *
 *   npm run bench:realtime                          the paces, embedded (SQLite), beside the floor
 *   npm run bench:realtime -- --postgres            also PostgreSQL + Redis, two processes, each
 *                                                   musician's requests and devices on one of them
 *   npm run bench:realtime -- --parts paces,footprint,idle
 *
 * Parts: `paces` (above), `footprint` (resident memory at rest), `idle` (what thousands of
 * connected, idle devices cost). Options: --paces 0.2,1,20,200,600 --quiet-samples 30
 * --busy-seconds 10 --devices 3 --workers 2 --idle-devices 10000 --idle-seconds 90
 * --settle-seconds 20 --cpu-prof-dir DIR; --runs 3: the paces three times on fresh servers, each run's tables, then every pace's runs side by side and how
 * many met each target (the README's table); --timeline: each pace's first 2 s by quarter
 * seconds (median/slowest ms, per process); and --unrouted: with --postgres, each musician's
 * requests and devices are spread over both processes in turn, so that most requests cross from
 * one to the other through Redis. The load generator and the devices share the machine's cores
 * with the servers.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { connectDevices, stopDevices, type DeviceFleet } from './bench/devices.ts';
import { atRest, idleRun, TARGET as FOOTPRINT_TARGET } from './bench/footprint-idle.ts';
import { cpuSeconds, postgresBackendsCpuSeconds } from './bench/process-stats.ts';
import { fire, paced, summarise, timeline, type Shot, type ShotResult } from './bench/shots.ts';
import {
  embeddedChecks,
  markOf,
  ms,
  paceName,
  EMBEDDED_SERVERS,
  penalisedPaces,
  postgresChecks,
  TARGETS_SENTENCE,
  type Check,
  type EmbeddedPace,
  type PaceSummary,
  type PostgresPace,
  type ServerOf,
} from './bench/realtime-targets.ts';
import { realtimeRunsSummary, type RealtimeRun } from './bench/realtime-runs.ts';
import {
  agent,
  productEnv,
  startFloor,
  startProduct,
  withFreshDatabase,
  type BenchTarget,
  type Musician,
} from './bench/targets.ts';
import { DASHBOARD_POLL_MS, ON_STAGE_POLL_MS } from '#shared/limits.ts';

const { values: args } = parseArgs({
  options: {
    parts: { type: 'string', default: 'paces' },
    paces: { type: 'string', default: '0.2,1,20,200,600' },
    'postgres-paces': { type: 'string', default: '200,500' },
    'quiet-samples': { type: 'string', default: '30' },
    'busy-seconds': { type: 'string', default: '10' },
    runs: { type: 'string', default: '1' },
    devices: { type: 'string', default: '3' },
    workers: { type: 'string', default: '2' },
    'idle-devices': { type: 'string', default: '10000' },
    // Two heartbeat intervals (45 s): every idle device is pinged exactly twice in the window, so
    // the CPU share does not depend on where the window falls among the bursts of pings.
    'idle-seconds': { type: 'string', default: '90' },
    'settle-seconds': { type: 'string', default: '20' },
    postgres: { type: 'boolean', default: false },
    unrouted: { type: 'boolean', default: false },
    timeline: { type: 'boolean', default: false },
    /** With --postgres: measure only the PostgreSQL setup. */
    'skip-embedded': { type: 'boolean', default: false },
    /** Writes a V8 CPU profile of each server process into this folder (open it in DevTools). */
    'cpu-prof-dir': { type: 'string' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    'redis-url': { type: 'string', default: 'redis://127.0.0.1:6379' },
  },
});
const PARTS = new Set(args.parts.split(','));
const DEVICES = Number(args.devices);
const WORKERS = Number(args.workers);
const QUIET_SAMPLES = Number(args['quiet-samples']);
const BUSY_SECONDS = Number(args['busy-seconds']);
const RUNS = Number(args.runs);
/** Before every pace the servers rest this long, as between songs: no warm-up is allowed for. */
const PAUSE_MS = 3000;
/** Up to 20 a second, a venue's musicians; above, a city's. */
const QUIET_UP_TO = 20;
const QUIET_MUSICIANS = 10;
const BUSY_MUSICIANS = 100;
/** Below this pace the product and the floor take turns inside one run (each idles as long). */
const INTERLEAVE_BELOW = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const cpuMs = (value: number) => (Number.isNaN(value) ? '-' : value.toFixed(2));

/** How many shots a pace takes: enough samples at the quiet ones, so many seconds at the busy. */
const shotCount = (perSecond: number) =>
  perSecond < INTERLEAVE_BELOW ? QUIET_SAMPLES : Math.round(perSecond * BUSY_SECONDS);

interface Group {
  target: BenchTarget;
  quiet: Musician[];
  busy: Musician[];
}

async function seedGroup(target: BenchTarget): Promise<Group> {
  return {
    target,
    quiet: await target.seed(QUIET_MUSICIANS),
    busy: await target.seed(BUSY_MUSICIANS),
  };
}

function devicesOf(groups: Group[]) {
  return groups.flatMap(({ target, quiet, busy }) =>
    [...quiet, ...busy].flatMap((musician) =>
      Array.from({ length: DEVICES }, (_, d) => ({
        url: musician.url ?? target.urls[d % target.urls.length]!,
        token: musician.token,
        // Named as the app's client names it: a balancer hands the device to its musician's process.
        musicianId: musician.id,
      })),
    ),
  );
}

/** CPU seconds used so far by every process of the target (all their threads). */
const cpuOf = async (target: BenchTarget) =>
  (await Promise.all(target.pids.map(cpuSeconds))).reduce((a, b) => a + b, 0);

/** One pace on every group: interleaved when quiet, one after another (a pause between) when busy. */
async function runPace(groups: Group[], fleet: DeviceFleet, perSecond: number) {
  const musiciansAt = (group: Group) => (perSecond <= QUIET_UP_TO ? group.quiet : group.busy);
  const count = shotCount(perSecond);
  const results = new Map<BenchTarget, ShotResult[]>();
  // What each target's processes spent on the pace's requests, at the busy paces: a ratio this
  // shared machine's noise moves less than it moves latency (neighbours take cores, not
  // instructions). The quiet paces' few requests would be lost among what a process does while
  // it waits (timers, heartbeats).
  const cpu = new Map<BenchTarget, number>();
  if (perSecond < INTERLEAVE_BELOW) {
    // Each target's shots fall halfway between the other's: both idle as long between theirs.
    const shots: Shot[] = groups.flatMap((group, i) =>
      paced(
        group.target,
        musiciansAt(group),
        perSecond,
        count,
        (i * 1000) / perSecond / groups.length,
      ),
    );
    await sleep(PAUSE_MS);
    const all = await fire(shots, fleet, DEVICES);
    for (const group of groups) {
      results.set(
        group.target,
        all.filter((r) => r.shot.target === group.target),
      );
    }
  } else {
    for (const group of groups) {
      await sleep(PAUSE_MS);
      const shots = paced(group.target, musiciansAt(group), perSecond, count);
      const before = await cpuOf(group.target);
      results.set(group.target, await fire(shots, fleet, DEVICES));
      cpu.set(group.target, (await cpuOf(group.target)) - before);
    }
  }
  const summaries = new Map<BenchTarget, PaceSummary>();
  for (const [target, mine] of results) {
    const cpuMsPerRequest = ((cpu.get(target) ?? NaN) * 1000) / mine.length;
    summaries.set(target, { ...summarise(mine), cpuMsPerRequest });
  }
  if (args.timeline) {
    for (const [target, mine] of results) {
      // On stderr: the table on stdout stays whole.
      for (const line of timeline(mine)) {
        console.error(`  ${paceName(perSecond)}, ${target.name} ${line}`);
      }
    }
  }
  return summaries;
}

/** The sentence of one run's idle penalty, for the product or a floor. */
function penaltySentence(name: string, paces: EmbeddedPace[], of: ServerOf) {
  const penalties = penalisedPaces(paces, of);
  return penalties.length === 0
    ? `The ${name}: no pace is slower at the median than a busier one.`
    : `The ${name}: slower at the median than a busier pace at ${penalties.map(paceName).join(', ')}.`;
}

async function pacesEmbedded(): Promise<EmbeddedPace[]> {
  const productDir = await mkdtemp(join(tmpdir(), 'bench-product-'));
  const floorDir = await mkdtemp(join(tmpdir(), 'bench-floor-'));
  const product = await startProduct('product', [
    { ...productEnv(args['cpu-prof-dir']), DATA_DIR: productDir, DATABASE_URL: '' },
  ]);
  const floor = await startFloor(floorDir);
  let fleet: DeviceFleet | undefined;
  try {
    const groups = [await seedGroup(product), await seedGroup(floor)];
    fleet = await connectDevices(devicesOf(groups), WORKERS);
    console.log(
      `\n### Embedded (SQLite), 1 process, beside the floor (SQLite, one statement)\n\n` +
        `${QUIET_MUSICIANS} musicians up to 20 a second, ${BUSY_MUSICIANS} above, ${DEVICES} devices ` +
        `each (${fleet.connected} connected); each request its own requester and song; ` +
        `a ${PAUSE_MS / 1000} s pause before each pace.\n`,
    );
    console.log(
      `| pace | samples | product p50 / p99 ms | floor p50 / p99 ms | product/floor p50, p99 | first second p99 (product, floor) | CPU ms a request (product, floor) | lost |`,
    );
    console.log(`|---|---|---|---|---|---|---|---|`);
    const paces: EmbeddedPace[] = [];
    for (const perSecond of args.paces.split(',').map(Number)) {
      const summaries = await runPace(groups, fleet, perSecond);
      const p = summaries.get(product)!;
      const f = summaries.get(floor)!;
      const pace: EmbeddedPace = { perSecond, product: p, floor: f };
      const mark = (name: Check['name']) => markOf(embeddedChecks(pace), name);
      console.log(
        `| ${paceName(perSecond)} | ${p.samples} | ${ms(p.p50)}${mark('p50')} / ` +
          `${ms(p.p99)}${mark('p99')} | ${ms(f.p50)} / ${ms(f.p99)} | ` +
          `${(p.p50 / f.p50).toFixed(2)}${mark('ratio p50')}, ${(p.p99 / f.p99).toFixed(2)} | ` +
          `${ms(p.firstSecondP99)}${mark('first second')}, ${ms(f.firstSecondP99)} | ` +
          `${cpuMs(p.cpuMsPerRequest)}${mark('cpu')}, ${cpuMs(f.cpuMsPerRequest)} | ` +
          `${p.lost + f.lost} |`,
      );
      paces.push(pace);
    }
    // The idle penalty: a quieter pace slower at the median than a busier one.
    const penalties = EMBEDDED_SERVERS.map(({ name, of }) => penaltySentence(name, paces, of));
    console.log(`\n${penalties.join(' ')}`);
    console.log(`\nTargets (✓ met, ✗ missed): ${TARGETS_SENTENCE}\n`);
    return paces;
  } finally {
    if (fleet) await stopDevices(fleet);
    await product.stop();
    await floor.stop();
    await rm(productDir, { recursive: true, force: true });
    await rm(floorDir, { recursive: true, force: true });
  }
}

const postgresEnv = (url: string) => ({
  ...productEnv(args['cpu-prof-dir']),
  DATABASE_URL: url,
  REDIS_URL: args['redis-url'],
});

async function pacesPostgres(): Promise<PostgresPace[]> {
  return withFreshDatabase(args['database-url'], async (url) => {
    const product = await startProduct('PostgreSQL + Redis', [postgresEnv(url), postgresEnv(url)]);
    let fleet: DeviceFleet | undefined;
    try {
      const group = await seedGroup(product);
      // As deploy/haproxy.cfg routes them: a musician's requests and devices all to one process.
      // The balancer itself is left out (bench:cluster measures through it): here it would take
      // its share of the same two cores, where a deployment gives it its own.
      if (!args.unrouted) {
        for (const musicians of [group.quiet, group.busy]) {
          musicians.forEach(
            (musician, i) => (musician.url = product.urls[i % product.urls.length]),
          );
        }
      }
      fleet = await connectDevices(devicesOf([group]), WORKERS);
      console.log(
        `\n### PostgreSQL + Redis, 2 processes\n\n${BUSY_MUSICIANS} musicians, ${DEVICES} devices ` +
          `each (${fleet.connected} connected), ` +
          (args.unrouted
            ? "each musician's requests and devices spread over both processes in turn.\n"
            : "each musician's requests and devices on one process, as the balancer routes them.\n"),
      );
      console.log(
        '| pace | samples | p50 / p99 ms | first second p99 | CPU ms a request (servers, PostgreSQL) | lost |',
      );
      console.log('|---|---|---|---|---|---|');
      const database = new URL(url).pathname.slice(1);
      const paces: PostgresPace[] = [];
      for (const perSecond of args['postgres-paces'].split(',').map(Number)) {
        // The backends' time over the whole pace, its pause included (they idle through it).
        const backendsBefore = await postgresBackendsCpuSeconds(database);
        const p = (await runPace([group], fleet, perSecond)).get(product)!;
        const backends = (await postgresBackendsCpuSeconds(database)) - backendsBefore;
        const backendsCpuMs = (backends * 1000) / shotCount(perSecond);
        const pace: PostgresPace = { perSecond, product: p, backendsCpuMs };
        console.log(
          `| ${paceName(perSecond)} | ${p.samples} | ${ms(p.p50)} / ${ms(p.p99)}` +
            `${markOf(postgresChecks(pace), 'p99')} | ${ms(p.firstSecondP99)} | ` +
            `${cpuMs(p.cpuMsPerRequest)}, ${cpuMs(backendsCpuMs)} | ${p.lost} |`,
        );
        paces.push(pace);
      }
      return paces;
    } finally {
      if (fleet) await stopDevices(fleet);
      await product.stop();
    }
  });
}

/** Resident memory at rest, then thousands of idle devices on a fresh start on the same data. */
async function footprintAndIdle(name: string, envs: Array<Record<string, string>>) {
  const settleSeconds = Number(args['settle-seconds']);
  const first = await startProduct(name, envs);
  let tokens: string[] = [];
  try {
    const rest = await atRest(first, settleSeconds);
    const kind = envs.length > 1 ? 'postgres' : 'embedded';
    console.log(
      `\n### ${name}: resident memory at rest (${settleSeconds} s after start-up, target ` +
        `${FOOTPRINT_TARGET.restMb[kind]} MB): ${rest}\n`,
    );
    if (PARTS.has('idle')) tokens = (await first.seed(20)).map((musician) => musician.token);
  } finally {
    await first.stop();
  }
  if (!PARTS.has('idle')) return;
  const fresh = await startProduct(name, envs);
  try {
    await idleRun(fresh, tokens, {
      count: Number(args['idle-devices']),
      seconds: Number(args['idle-seconds']),
      settleSeconds,
      workers: WORKERS,
    });
  } finally {
    await fresh.stop();
  }
}

try {
  const runs: RealtimeRun[] = [];
  for (let run = 1; run <= RUNS && PARTS.has('paces'); run++) {
    if (RUNS > 1) console.log(`\n## Run ${run} of ${RUNS}`);
    runs.push({
      embedded: args['skip-embedded'] ? [] : await pacesEmbedded(),
      postgres: args.postgres ? await pacesPostgres() : [],
    });
  }
  if (RUNS > 1 && runs.length > 0) console.log(`\n${realtimeRunsSummary(runs)}`);
  if (!args['skip-embedded']) {
    if (PARTS.has('footprint') || PARTS.has('idle')) {
      const dataDir = await mkdtemp(join(tmpdir(), 'bench-'));
      const env = { ...productEnv(args['cpu-prof-dir']), DATA_DIR: dataDir, DATABASE_URL: '' };
      await footprintAndIdle('Embedded (SQLite), 1 process', [env]).finally(() =>
        rm(dataDir, { recursive: true, force: true }),
      );
    }
  }
  if (args.postgres) {
    if (PARTS.has('footprint') || PARTS.has('idle')) {
      await withFreshDatabase(args['database-url'], (url) =>
        footprintAndIdle('PostgreSQL + Redis, 2 processes', [postgresEnv(url), postgresEnv(url)]),
      );
    }
  }
} finally {
  await agent.close();
}

const screens = BUSY_MUSICIANS * DEVICES;
console.log(
  `\nPolling instead (spec section 9), for ${screens} screens: ` +
    `${((screens * 1000) / DASHBOARD_POLL_MS).toFixed(0)} HTTP requests/s if all are dashboards (every 3 s), ` +
    `${((screens * 1000) / ON_STAGE_POLL_MS).toFixed(0)}/s if all are On Stage screens (every 5 s), ` +
    `each answering the musician's whole request list, and a new request is seen 1.5 to 2.5 s late on average.`,
);
