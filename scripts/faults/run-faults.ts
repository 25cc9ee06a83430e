/**
 * Faults, counted: the app under crashes, a frozen Redis, cut database connections and dropped
 * device transports, then every acknowledged request counted in the database and on every
 * device. Exits 1 when any count is off.
 *
 *   npm run test:faults
 *   npm run test:faults -- --musicians 5 --submissions 20 --rate 20    a quick run
 *   npm run test:faults -- --only redis-cluster                        one part: cluster,
 *                                                                      redis-cluster or embedded
 *
 * Needs PostgreSQL on 127.0.0.1:5432 (user postgres, to create and drop its own database),
 * redis-server (7 or newer, cluster mode), redis-cli and haproxy on the PATH. It never touches
 * the machine's Redis.
 */
import { parseArgs } from 'node:util';
import { runCluster, type ClusterResult } from './cluster.ts';
import { runEmbedded, type EmbeddedResult } from './embedded.ts';
import { consistent } from './counts.ts';

const { values: args } = parseArgs({
  options: {
    musicians: { type: 'string', default: '20' },
    devices: { type: 'string', default: '3' },
    submissions: { type: 'string', default: '100' },
    // The Redis Cluster run is the same load, shorter: its faults are fewer.
    'cluster-submissions': { type: 'string', default: '50' },
    rate: { type: 'string', default: '35' },
    'embedded-submissions': { type: 'string', default: '250' },
    'database-url': {
      type: 'string',
      default: process.env.FAULTS_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
    },
    only: { type: 'string' },
  },
});

const n = (value: number) => value.toLocaleString('en-US');
const log = (line: string) => console.log(line);
const problems: string[] = [];
const expect = (ok: boolean, problem: string) => ok || problems.push(problem);
const sample = (list: readonly string[]) => list.slice(0, 5).join(', ');

function judgeCluster(result: ClusterResult): string {
  const { counts, devices, replay } = result;
  for (const crash of result.crashes) problems.push(`an app process crashed: ${crash}`);
  // Each kill must hit devices, or the run tested no failover at all.
  expect(
    result.movedByKill.every((moved) => moved > 0),
    `a kill took no device down: ${result.movedByKill.join(', ')}`,
  );
  expect(counts.unacknowledged.length === 0, `unacknowledged: ${sample(counts.unacknowledged)}`);
  expect(
    counts.lost.length === 0,
    `lost (acknowledged, not in the database): ${sample(counts.lost)}`,
  );
  expect(counts.doubled.length === 0, `doubled (one key filed twice): ${sample(counts.doubled)}`);
  expect(counts.wrongId.length === 0, `acknowledged with another id: ${sample(counts.wrongId)}`);
  expect(counts.strays === 0, `${counts.strays} rows no acknowledgement accounts for`);
  expect(
    replay.different.length === 0,
    `a retry answered another id: ${JSON.stringify(replay.different.slice(0, 3))}`,
  );
  const bad = devices.filter((report) => !consistent(report));
  for (const report of bad.slice(0, 5)) {
    problems.push(
      `${report.label}: connected ${report.connected}, missing ${report.missing.length} ` +
        `(${sample(report.missing)}), extra ${report.extra.length}, duplicates ${report.duplicates}`,
    );
  }
  if (bad.length > 5) problems.push(`and ${bad.length - 5} more devices like these`);
  const musicians = Number(args.musicians);
  const notLive = devices.reduce((sum, report) => sum + report.notLive, 0);
  return (
    `${n(counts.submitted)} submitted, ${n(counts.acknowledged)} acknowledged, ` +
    `${n(counts.stored)} stored, ${n(counts.lost.length)} lost, ` +
    `${n(counts.doubled.length)} doubled, ${n(replay.same)} retried keys answered the same id, ` +
    `${args.devices} devices x ${musicians} musicians: ${devices.length - bad.length} of ${devices.length} consistent` +
    ` (${n(notLive)} requests reached a device only by its resync)`
  );
}

function judgeEmbedded(result: EmbeddedResult): string {
  for (const crash of result.crashes) problems.push(`the embedded server crashed: ${crash}`);
  expect(result.unacknowledged === 0, `embedded: ${result.unacknowledged} never acknowledged`);
  expect(result.missing.length === 0, `embedded: lost after restart: ${sample(result.missing)}`);
  expect(result.extra === 0, `embedded: ${result.extra} requests no acknowledgement accounts for`);
  expect(
    result.replayDifferent === 0,
    `embedded: ${result.replayDifferent} retries answered another id`,
  );
  return (
    `embedded (SQLite) killed under load at ${n(result.ackedBeforeKill)} acknowledged: ` +
    `${n(result.acknowledged)} acknowledged, ${n(result.stored)} present after restart, ` +
    `${n(result.missing.length)} lost, ${n(result.extra)} extra`
  );
}

const lines: string[] = [];
const started = Date.now();
const runs = (part: string) => args.only === undefined || args.only === part;
try {
  for (const redis of ['single', 'cluster'] as const) {
    if (!runs(redis === 'single' ? 'cluster' : 'redis-cluster')) continue;
    log(
      redis === 'single'
        ? '== two processes, PostgreSQL, Redis, HAProxy =='
        : '== two processes, PostgreSQL, a Redis Cluster (3 masters, 3 replicas), HAProxy ==',
    );
    const result = await runCluster({
      adminUrl: args['database-url'],
      musicians: Number(args.musicians),
      devicesPerMusician: Number(args.devices),
      submissionsPerMusician: Number(
        redis === 'single' ? args.submissions : args['cluster-submissions'],
      ),
      perSecond: Number(args.rate),
      redis,
      log,
    });
    lines.push(`${redis === 'single' ? 'Redis' : 'Redis Cluster'}: ${judgeCluster(result)}`);
    lines.push(`faults: ${result.faults.join('; ')} (${result.seconds.toFixed(0)} s)`);
  }
  if (runs('embedded')) {
    log('== embedded server (SQLite) ==');
    lines.push(
      judgeEmbedded(await runEmbedded({ submissions: Number(args['embedded-submissions']), log })),
    );
  }
} catch (error) {
  problems.push(
    `the suite could not finish: ${error instanceof Error ? error.stack : String(error)}`,
  );
}

log('\n== Faults, counted ==');
for (const line of lines) log(line);
log(`(${((Date.now() - started) / 1000).toFixed(0)} s in all)`);
if (problems.length > 0) {
  log('\nFAILED:');
  for (const problem of problems) log(`- ${problem}`);
  process.exit(1);
}
process.exit(0);
