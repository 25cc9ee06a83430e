/**
 * Two app processes over PostgreSQL and a private Redis, behind HAProxy, with musicians' devices
 * and an audience submitting through the balancer, while the suite kills a process, freezes
 * Redis, cuts the database connections and drops device transports. Then it counts.
 *
 * Once more on a private Redis Cluster (3 masters, 3 replicas, REDIS_CLUSTER_NODES): a master is
 * killed mid-load and its replica takes over, then a process is killed, devices cut throughout.
 */
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startRedisCluster, type RedisCluster } from '#scripts/lib/redis-cluster.ts';
import { freePort } from '#scripts/lib/server-process.ts';
import { startBalancer, type Balancer } from './balancer.ts';
import {
  compareDevice,
  consistent,
  countSubmissions,
  databaseSets,
  type DeviceReport,
  type SubmissionCounts,
} from './counts.ts';
import { Device } from './devices.ts';
import { planSubmissions, replayAcknowledged, runLoad, type Outcome } from './generator.ts';
import { AppServer, PrivateRedis, sleep, waitFor } from './processes.ts';
import { seedMusicians } from './seed.ts';

export interface ClusterOptions {
  adminUrl: string;
  musicians: number;
  devicesPerMusician: number;
  submissionsPerMusician: number;
  perSecond: number;
  /** One private redis-server (REDIS_URL), or a private Redis Cluster (REDIS_CLUSTER_NODES). */
  redis: 'single' | 'cluster';
  log: (line: string) => void;
}

export interface ClusterResult {
  counts: SubmissionCounts;
  devices: DeviceReport[];
  replay: { same: number; different: Array<{ key: string; first: string; again: string }> };
  faults: string[];
  /** How many devices each kill took down (all of them must have reconnected). */
  movedByKill: number[];
  /** App processes that exited without being killed by the suite (each restarted). */
  crashes: string[];
  seconds: number;
}

/** The same relaxed limits for every process: the load is one venue's IP, far over a real one. */
export function appEnv(extra: Record<string, string>): Record<string, string> {
  return {
    LOG_LEVEL: 'warn',
    RATE_LIMIT_AUTH_PER_MINUTE: '100000',
    RATE_LIMIT_AUTH_PER_EMAIL_PER_MINUTE: '100000',
    RATE_LIMIT_PUBLIC_PER_MINUTE: '1000000',
    REQUEST_LIMIT_PER_REQUESTER: '100000',
    LIMIT_PER_MUSICIAN_PER_MINUTE: '100000',
    // Every phone of the generator comes from this machine's one address.
    LIMIT_PER_ADDRESS_PER_MINUTE: '100000',
    // Its phones' +1s on one song come from that one address too.
    VOTE_LIMIT_PER_ADDRESS: '100000',
    // A load generator, not phones: it solves no proof of work (PROOF_OF_WORK, issue 46).
    PROOF_OF_WORK: 'off',
    MUSICBRAINZ_ENABLED: 'false',
    CLIENT_DIR: join(tmpdir(), 'faults-no-client'),
    ...extra,
  };
}

export async function runCluster(options: ClusterOptions): Promise<ClusterResult> {
  const { log } = options;
  const started = Date.now();
  const run = randomBytes(4).toString('hex');
  const dbName = `faults_${run}`;
  const admin = new pg.Client({ connectionString: options.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(options.adminUrl);
  dbUrl.pathname = `/${dbName}`;
  log(`database ${dbName}`);

  const redis = options.redis === 'single' ? new PrivateRedis(await freePort()) : undefined;
  let shards: RedisCluster | undefined;
  if (!redis) {
    shards = await startRedisCluster().catch(async (error: unknown) => {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
      await admin.end();
      throw error;
    });
  }
  const balancerPort = await freePort();
  const env = appEnv({
    DATABASE_URL: dbUrl.toString(),
    ...(redis ? { REDIS_URL: redis.url } : { REDIS_CLUSTER_NODES: shards!.nodes }),
    PUBLIC_URL: `http://127.0.0.1:${balancerPort}`,
    TRUST_PROXY: '1',
  });
  const apps = [
    new AppServer('app1', await freePort(), env),
    new AppServer('app2', await freePort(), env),
  ] as const;
  let balancer: Balancer | undefined;
  let devices: Device[] = [];
  // Named, so terminating the app's connections spares the suite's own.
  const db = new pg.Client({
    connectionString: dbUrl.toString(),
    application_name: 'faults-counts',
  });
  try {
    await redis?.start();
    // One after the other: the first migrates the fresh database.
    for (const app of apps) await app.start();
    balancer = await startBalancer(balancerPort, [
      `127.0.0.1:${apps[0].port}`,
      `127.0.0.1:${apps[1].port}`,
    ]);
    const url = balancer.url;
    const redisAt = redis ? redis.url : `the Redis Cluster ${shards!.nodes}`;
    log(`haproxy on ${url} over ${apps.map((app) => app.url).join(' and ')}, redis on ${redisAt}`);

    const musicians = await seedMusicians(
      url,
      run,
      options.musicians,
      options.submissionsPerMusician,
    );
    devices = musicians.flatMap((musician, m) =>
      Array.from(
        { length: options.devicesPerMusician },
        (_, d) => new Device(`musician ${m} device ${d}`, url, musician.id, musician.token),
      ),
    );
    await waitFor(
      'every device to connect and load its list',
      () => devices.every((device) => device.connected && device.counters.snapshots > 0),
      60_000,
    );
    log(`${musicians.length} musicians x ${options.devicesPerMusician} devices connected`);
    await db.connect();

    const plan = planSubmissions(run, musicians);
    const load = runLoad(url, plan, {
      perSecond: options.perSecond,
      concurrency: 32,
      giveUpAfterMs: 150_000,
    });
    const loadSeconds = plan.length / options.perSecond;
    const faults: string[] = [];
    const movedByKill: number[] = [];
    // Faults are timed by the load's progress, so a slow machine gets the same run, only longer.
    const at = async (second: number) => {
      while (load.started < Math.min(plan.length, second * options.perSecond)) await sleep(50);
    };
    const fault = (line: string) => {
      faults.push(line);
      const clock = new Date().toISOString().slice(11, 23);
      log(`  t=${(load.started / options.perSecond).toFixed(1)}s (${clock}) ${line}`);
    };

    // Devices lose their transport every few seconds, all through the run.
    let cutting = true;
    const cuts = (async () => {
      for (let t = 3; cutting && t < loadSeconds; t += 3) {
        await at(t);
        const connected = devices.filter((device) => device.connected);
        const chosen = connected.sort(() => Math.random() - 0.5).slice(0, 4);
        for (const device of chosen) device.cutTransport();
      }
    })();

    // The devices on the killed process must come back, through the same address, on the other.
    const killAndRestart = async (second: number, app: AppServer) => {
      await at(second);
      const lostBefore = devices.map((device) => device.counters.lost);
      await app.kill();
      fault(`${app.name} killed (SIGKILL)`);
      await sleep(3000);
      const moved = devices.filter((device, i) => device.counters.lost > lostBefore[i]!);
      await waitFor('the devices to reconnect', () => moved.every((d) => d.connected), 60_000)
        .then(() => fault(`${moved.length} devices lost ${app.name} and reconnected`))
        .catch(() =>
          fault(`${moved.filter((d) => !d.connected).length} devices did not reconnect`),
        );
      movedByKill.push(moved.length);
      await app.start();
      fault(`${app.name} restarted and healthy`);
    };

    if (redis) {
      await killAndRestart(loadSeconds * 0.15, apps[0]);
      await at(loadSeconds * 0.35);
      redis.pause();
      fault('redis frozen (SIGSTOP) for 5 s');
      await sleep(5000);
      redis.resume();
      fault('redis resumed (SIGCONT)');
      await at(loadSeconds * 0.55);
      const terminated = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = $1 AND pid <> pg_backend_pid() AND application_name <> 'faults-counts'`,
        [dbName],
      );
      fault(`${terminated.rowCount} PostgreSQL connections of the app terminated`);
      await killAndRestart(loadSeconds * 0.7, apps[1]);
    } else {
      await at(loadSeconds * 0.25);
      const killedAt = Date.now();
      const master = await shards!.killMaster();
      fault(`redis master ${master} killed (SIGKILL)`);
      await shards!.waitHealthy();
      const seconds = ((Date.now() - killedAt) / 1000).toFixed(1);
      fault(`its replica promoted, cluster_state:ok on every node after ${seconds} s`);
      // Their subscriptions on that shard were cut: each process closes its live connections
      // once ioredis has subscribed again on the new master (socket-server-plugin.ts).
      const resubscribed = () =>
        apps.filter((app) => app.output().includes('redis subscriptions restored after a gap'));
      await waitFor('both processes to subscribe again', () => resubscribed().length === 2, 15_000)
        .then(() => fault('both processes subscribed again and closed their live connections'))
        .catch(() => fault(`${resubscribed().length} of 2 processes subscribed again`));
      // A process started now finds the cluster through a node list naming the dead master.
      await killAndRestart(loadSeconds * 0.6, apps[0]);
    }

    const outcomes = await load.done;
    cutting = false;
    await cuts;
    const cutCount = devices.reduce((sum, device) => sum + device.counters.cuts, 0);
    fault(`${cutCount} device transports cut over the run`);
    log(`load done: ${outcomes.filter((o) => o.ackedId).length} acknowledged`);

    // Settle: every device converges on the database, or the counts say which did not.
    const musicianIds = musicians.map((musician) => musician.id);
    let reports: DeviceReport[] = [];
    await waitFor(
      'every device to hold the database set',
      async () => {
        const sets = await databaseSets(db, musicianIds);
        reports = devices.map((device) => compareDevice(device, sets.get(device.musicianId)!));
        return reports.every(consistent);
      },
      60_000,
      500,
    ).catch(() => {});

    const replay = await replayAcknowledged(url, outcomes, 16);
    const counts = await countSubmissions(db, outcomes, musicianIds);
    const sets = await databaseSets(db, musicianIds);
    reports = devices.map((device) => compareDevice(device, sets.get(device.musicianId)!));
    await explainMisses(db, devices, reports, outcomes, log);
    return {
      counts,
      devices: reports,
      replay,
      faults,
      movedByKill,
      crashes: apps.flatMap((app) => app.crashes),
      seconds: (Date.now() - started) / 1000,
    };
  } catch (error) {
    for (const app of apps) log(`--- ${app.name} output ---\n${app.output().slice(-4000)}`);
    if (balancer) log(`--- haproxy output ---\n${balancer.output().slice(-4000)}`);
    throw error;
  } finally {
    for (const device of devices) device.stop();
    await db.end().catch(() => {});
    await balancer?.stop();
    await Promise.all(apps.map((app) => app.stop()));
    await redis?.stop();
    await shards?.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    await admin.end();
  }
}

/** For a device that does not hold the database set: its connection history and each miss. */
async function explainMisses(
  db: pg.Client,
  devices: Device[],
  reports: DeviceReport[],
  outcomes: Outcome[],
  log: (line: string) => void,
): Promise<void> {
  const byRequest = new Map(outcomes.map((outcome) => [outcome.ackedId, outcome]));
  for (const [i, report] of reports.entries()) {
    if (consistent(report)) continue;
    const device = devices[i]!;
    log(`--- ${report.label} (${device.counters.connects} connects) ---`);
    for (const line of device.history) log(`    ${line}`);
    for (const id of report.missing.slice(0, 5)) {
      const { rows } = await db.query<{ created_at: Date; updated_at: Date; votes: number }>(
        'SELECT created_at, updated_at, votes FROM requests WHERE id = $1',
        [id],
      );
      const outcome = byRequest.get(id);
      const peers = devices.filter(
        (peer) => peer !== device && peer.musicianId === device.musicianId,
      );
      log(
        `    missing ${id}: created ${rows[0]?.created_at.toISOString().slice(11, 23)}, ` +
          `updated ${rows[0]?.updated_at.toISOString().slice(11, 23)}, ` +
          `key ${outcome?.submission.key} acknowledged after ${outcome?.attempts} attempt(s); ` +
          `live on ${peers.filter((peer) => peer.live.has(id)).length} of ${peers.length} other devices`,
      );
    }
  }
}
