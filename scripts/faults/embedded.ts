/**
 * The embedded server (SQLite in DATA_DIR) killed with SIGKILL under load, then started again on
 * the same DATA_DIR: every request it acknowledged must be there, once.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '#scripts/lib/server-process.ts';
import { appEnv } from './cluster.ts';
import { planSubmissions, replayAcknowledged, runLoad } from './generator.ts';
import { AppServer, sleep } from './processes.ts';
import { seedMusician } from './seed.ts';

export interface EmbeddedResult {
  acknowledged: number;
  ackedBeforeKill: number;
  unacknowledged: number;
  /** Acknowledged and listed after the restart. */
  stored: number;
  missing: string[];
  /** Listed, but no acknowledgement named it. */
  extra: number;
  replayDifferent: number;
  crashes: string[];
}

export async function runEmbedded({
  submissions,
  log,
}: {
  submissions: number;
  log: (line: string) => void;
}): Promise<EmbeddedResult> {
  const dataDir = await mkdtemp(join(tmpdir(), 'faults-sqlite-'));
  const server = new AppServer(
    'embedded',
    await freePort(),
    appEnv({ DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' }),
  );
  try {
    const started = Date.now();
    const since = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
    await server.start();
    log(`  embedded server healthy after ${since()}`);
    const musician = await seedMusician(server.url, randomBytes(4).toString('hex'), submissions);
    const plan = planSubmissions(`embedded-${musician.slug}`, [musician]);
    log(`  seeded at ${since()}`);
    const acked = new Set<string>();
    const load = runLoad(server.url, plan, {
      perSecond: 40,
      concurrency: 16,
      giveUpAfterMs: 90_000,
    });
    while (load.started < plan.length * 0.4) await sleep(20);
    await server.kill();
    const killedAt = Date.now();
    const ackedBeforeKill = load.acknowledged;
    log(`  embedded server killed (SIGKILL) with ${ackedBeforeKill} acknowledged`);
    await server.start();
    log(`  restarted on the same DATA_DIR in ${((Date.now() - killedAt) / 1000).toFixed(1)} s`);
    const outcomes = await load.done;
    log(`  load done at ${since()}`);
    for (const outcome of outcomes) if (outcome.ackedId) acked.add(outcome.ackedId);

    const res = await fetch(`${server.url}/api/requests/musician/${musician.id}`, {
      headers: { authorization: `Bearer ${musician.token}` },
    });
    if (!res.ok) throw new Error(`listing the requests: ${res.status} ${await res.text()}`);
    const listed = ((await res.json()) as { requests: Array<{ id: string }> }).requests.map(
      (request) => request.id,
    );
    const present = new Set(listed);
    const replay = await replayAcknowledged(server.url, outcomes, 8);
    return {
      acknowledged: outcomes.filter((outcome) => outcome.ackedId).length,
      ackedBeforeKill,
      unacknowledged: outcomes.filter((outcome) => !outcome.ackedId).length,
      stored: [...acked].filter((id) => present.has(id)).length,
      missing: [...acked].filter((id) => !present.has(id)),
      extra: listed.length - [...acked].filter((id) => present.has(id)).length,
      replayDifferent: replay.different.length,
      crashes: server.crashes,
    };
  } catch (error) {
    log(`--- embedded server output ---\n${server.output().slice(-4000)}`);
    throw error;
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
