/**
 * Two parts of `bench:realtime` about what the server holds rather than how fast it answers:
 * resident memory at rest, and what thousands of connected, idle devices cost.
 */
import { coreShareOver, megabytes, residentBytes } from './process-stats.ts';
import { connectDevices, stopDevices } from './devices.ts';
import type { BenchTarget } from './targets.ts';

export const TARGET = {
  restMb: { embedded: 120, postgres: 120 },
  idleBytesPerDevice: 20 * 1024,
  idleCoreShare: 0.03,
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const residentSizes = (target: BenchTarget) =>
  Promise.all(target.pids.map((pid) => residentBytes(pid)));

async function totalResident(target: BenchTarget) {
  return (await residentSizes(target)).reduce((a, b) => a + b, 0);
}

/** Each process's resident memory `settleSeconds` after start-up, before any load. */
export async function atRest(target: BenchTarget, settleSeconds: number): Promise<string> {
  await sleep(settleSeconds * 1000);
  return (await residentSizes(target)).map((bytes) => `${megabytes(bytes)} MB`).join(', ');
}

/**
 * Connects `count` devices of `tokens`' musicians that then do nothing: what does each cost the
 * server in memory and CPU over `seconds`? `target` should be freshly started, so that it holds
 * no garbage or recovery sessions of earlier runs.
 */
export async function idleRun(
  target: BenchTarget,
  tokens: string[],
  {
    count,
    seconds,
    settleSeconds,
    workers,
  }: Record<'count' | 'seconds' | 'settleSeconds' | 'workers', number>,
) {
  await sleep(settleSeconds * 1000);
  const before = await totalResident(target);
  const plan = Array.from({ length: count }, (_, n) => ({
    url: target.urls[n % target.urls.length]!,
    token: tokens[n % tokens.length]!,
  }));
  const fleet = await connectDevices(plan, workers);
  try {
    // Handshakes done, their garbage collected, every heartbeat timer armed.
    await sleep(30_000);
    // The resident size swings as garbage comes and goes: the lowest of one sample a second
    // over the CPU window is what the devices themselves hold.
    let after = Infinity;
    const sampler = setInterval(() => {
      void totalResident(target).then((bytes) => (after = Math.min(after, bytes)));
    }, 1000);
    const shares = await Promise.all(target.pids.map((pid) => coreShareOver(pid, seconds))).finally(
      () => clearInterval(sampler),
    );
    const perDevice = (after - before) / fleet.connected;
    const share = shares.reduce((a, b) => a + b, 0);
    console.log(
      `Idle devices (${target.name}): ${fleet.connected} of ${count} connected; ` +
        `${(perDevice / 1024).toFixed(1)} KB each (target ${TARGET.idleBytesPerDevice / 1024} KB), ` +
        `${(share * 100).toFixed(1)} % of a core over ${seconds} s ` +
        `(target ${TARGET.idleCoreShare * 100} %)\n`,
    );
  } finally {
    await stopDevices(fleet);
  }
}
