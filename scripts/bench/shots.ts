/**
 * Open-loop load for `bench:realtime`: each shot is one audience request, sent at its time
 * whether or not earlier ones have answered, from its own phone (email, device id,
 * Idempotency-Key) to a song of its own, as the audience page sends it. Its latency is the time
 * from sending to its arrival on the last of its musician's devices.
 */
import { randomUUID } from 'node:crypto';
import { MUSICIAN_ROUTE_PARAM } from '#shared/realtime.ts';
import { collectArrivals, type DeviceFleet } from './devices.ts';
import { call, type BenchTarget, type Musician } from './targets.ts';

export interface Shot {
  /** Milliseconds after the start of the run. */
  at: number;
  target: BenchTarget;
  musician: Musician;
}

export interface ShotResult {
  shot: Shot;
  /** Undefined when the request failed or did not reach every device. */
  latencyMs: number | undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let nextSeq = 0;

/** `count` shots at `perSecond`, starting `offsetMs` in, to the musicians in turn. */
export function paced(
  target: BenchTarget,
  musicians: Musician[],
  perSecond: number,
  count: number,
  offsetMs = 0,
): Shot[] {
  return Array.from({ length: count }, (_, i) => ({
    at: offsetMs + (i * 1000) / perSecond,
    target,
    musician: musicians[i % musicians.length]!,
  }));
}

export async function fire(
  shots: Shot[],
  fleet: DeviceFleet,
  devicesPerMusician: number,
): Promise<ShotResult[]> {
  const ordered = [...shots].sort((a, b) => a.at - b.at);
  const sent = new Map<number, { shot: Shot; at: bigint; failed: boolean }>();
  const pending: Promise<unknown>[] = [];
  const started = process.hrtime.bigint();
  for (const shot of ordered) {
    const due = started + BigInt(Math.round(shot.at * 1e6));
    const wait = Number(due - process.hrtime.bigint()) / 1e6;
    if (wait > 1) await sleep(wait);
    const seq = nextSeq++;
    const { musician, target } = shot;
    const songId = musician.songIds[musician.nextSong++ % musician.songIds.length]!;
    const entry = { shot, at: process.hrtime.bigint(), failed: false };
    sent.set(seq, entry);
    // Named as the audience page names it: a balancer hands the request to its musician's process.
    const route = musician.id ? `?${MUSICIAN_ROUTE_PARAM}=${musician.id}` : '';
    pending.push(
      call(`${musician.url ?? target.urls[seq % target.urls.length]}/api/requests${route}`, {
        body: {
          song_id: songId,
          requester_name: 'Bench Fan',
          requester_email: `fan-${seq}@example.com`,
          dedication: `bench:${seq}`,
        },
        headers: { 'idempotency-key': randomUUID(), 'x-device-id': `bench-device-${seq}-padding` },
      }).catch(() => (entry.failed = true)),
    );
  }
  await Promise.all(pending);
  await sleep(1000); // let the last events land
  const arrivals = await collectArrivals(fleet);
  return [...sent].map(([seq, { shot, at, failed }]) => {
    const times = arrivals.get(seq) ?? [];
    if (failed || times.length < devicesPerMusician) return { shot, latencyMs: undefined };
    const last = times.reduce((a, b) => (a > b ? a : b));
    return { shot, latencyMs: Number(last - at) / 1e6 };
  });
}

export interface Summary {
  samples: number;
  lost: number;
  p50: number;
  p99: number;
  /** The p99 of the run's first second alone: what a pause before it costs. */
  firstSecondP99: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

export function summarise(results: ShotResult[]): Summary {
  const start = Math.min(...results.map((result) => result.shot.at));
  const latencies = (list: ShotResult[]) =>
    list
      .flatMap((result) => (result.latencyMs === undefined ? [] : [result.latencyMs]))
      .sort((a, b) => a - b);
  const all = latencies(results);
  const first = latencies(results.filter((result) => result.shot.at < start + 1000));
  return {
    samples: all.length,
    lost: results.length - all.length,
    p50: percentile(all, 50),
    p99: percentile(all, 99),
    firstSecondP99: percentile(first, 99),
  };
}

/**
 * How a run began: its first `spanMs` in steps of `stepMs`, each step's median and slowest
 * (ms), one line per process the shots went to. Where a run's p99 comes from its first moments
 * (a pause, a start), this says how long they lasted and whether every process had them.
 */
export function timeline(results: ShotResult[], stepMs = 250, spanMs = 2000): string[] {
  const start = Math.min(...results.map((result) => result.shot.at));
  const processes = new Map<string, ShotResult[]>();
  for (const result of results) {
    const url = result.shot.musician.url ?? result.shot.target.urls.join(' ');
    const mine = processes.get(url) ?? [];
    mine.push(result);
    processes.set(url, mine);
  }
  return [...processes].map(([url, mine]) => {
    const steps: string[] = [];
    for (let from = start; from < start + spanMs; from += stepMs) {
      const step = mine
        .filter((result) => result.shot.at >= from && result.shot.at < from + stepMs)
        .flatMap((result) => (result.latencyMs === undefined ? [] : [result.latencyMs]))
        .sort((a, b) => a - b);
      if (step.length === 0) continue;
      const p50 = percentile(step, 50).toFixed(0);
      steps.push(`${((from - start) / 1000).toFixed(2)} s ${p50}/${step.at(-1)!.toFixed(0)}`);
    }
    return `${url}: ${steps.join(', ')}`;
  });
}
