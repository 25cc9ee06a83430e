/**
 * Issue 44's targets for `bench:realtime`, and each pace's results held against them: the marks
 * of one run's table, and the tally of several runs (realtime-runs.ts). The floor is the same
 * libraries on SQLite with one statement (floor-server.ts), loaded the same way in the same run.
 */
import type { Summary } from './shots.ts';

export type PaceSummary = Summary & { cpuMsPerRequest: number };

/** One pace on the embedded database (SQLite): the product beside the floor of the same run. */
export interface EmbeddedPace {
  perSecond: number;
  product: PaceSummary;
  floor: PaceSummary;
}

/** One pace on PostgreSQL + Redis, two processes; the backends' CPU ms a request. */
export interface PostgresPace {
  perSecond: number;
  product: PaceSummary;
  backendsCpuMs: number;
}

/** Requests a second, by their name in the tables. */
export const paceName = (perSecond: number) =>
  perSecond < 1 ? `one every ${1 / perSecond} s` : `${perSecond} a second`;

const TARGETS = {
  /** Up to this pace the product is held against the floor; above it, it must keep up. */
  besideFloorUpTo: 200,
  /** About the comparable queue app's median on this machine (2.3-3.1 ms at 1 to 200 a second). */
  p50: 3,
  ratio: { p50: 1.3, p99: 2 },
  /** The p99 a pace beside the floor may have whatever the floor's (its noise at the tail). */
  p99AtLeast: 8,
  /** Above `besideFloorUpTo` (600 a second): keeping up. */
  busyP99: 40,
  /** CPU a request against the floor's, at this pace. */
  cpu: { perSecond: 200, ratio: 1.5 },
  postgres: (perSecond: number) => (perSecond <= 200 ? 15 : 50),
};

export const TARGETS_SENTENCE =
  `up to ${TARGETS.besideFloorUpTo} a second, product p50 <= ${TARGETS.p50} ms (the comparable ` +
  `app's) and <= ${TARGETS.ratio.p50}x the floor's, p99 <= ${TARGETS.ratio.p99}x the floor's ` +
  `or ${TARGETS.p99AtLeast} ms, whichever is larger; p99 <= ${TARGETS.busyP99} ms above; the ` +
  `first second after the pause within the pace's p99 target; CPU a request <= ` +
  `${TARGETS.cpu.ratio}x the floor's at ${TARGETS.cpu.perSecond} a second; on PostgreSQL, ` +
  `p99 <= ${TARGETS.postgres(200)} ms at 200 a second and ${TARGETS.postgres(500)} ms at 500.`;

/** Milliseconds as the tables print them: one decimal, '-' for none. */
export const ms = (value: number) => (Number.isNaN(value) ? '-' : value.toFixed(1));

/** A target of one pace, named as the tally's column, and whether the run met it. */
export interface Check {
  name: 'p50' | 'ratio p50' | 'p99' | 'first second' | 'cpu';
  met: boolean;
}

/** ' ✓' or ' ✗' after a figure whose target the checks hold, nothing after one without. */
export function markOf(checks: Check[], name: Check['name']): string {
  const check = checks.find((c) => c.name === name);
  return check === undefined ? '' : check.met ? ' ✓' : ' ✗';
}

/** The p99 the product may take at a pace: beside the floor's, or keeping up above. */
export function p99Target({ perSecond, floor }: EmbeddedPace): number {
  return perSecond <= TARGETS.besideFloorUpTo
    ? Math.max(TARGETS.ratio.p99 * floor.p99, TARGETS.p99AtLeast)
    : TARGETS.busyP99;
}

export function embeddedChecks(pace: EmbeddedPace): Check[] {
  const { perSecond, product, floor } = pace;
  const p99 = p99Target(pace);
  const checks: Check[] = [];
  if (perSecond <= TARGETS.besideFloorUpTo) {
    checks.push(
      { name: 'p50', met: product.p50 <= TARGETS.p50 },
      { name: 'ratio p50', met: product.p50 / floor.p50 <= TARGETS.ratio.p50 },
    );
  }
  checks.push(
    { name: 'p99', met: product.p99 <= p99 },
    { name: 'first second', met: product.firstSecondP99 <= p99 },
  );
  if (perSecond === TARGETS.cpu.perSecond) {
    const ratio = product.cpuMsPerRequest / floor.cpuMsPerRequest;
    checks.push({ name: 'cpu', met: ratio <= TARGETS.cpu.ratio });
  }
  return checks;
}

export function postgresChecks({ perSecond, product }: PostgresPace): Check[] {
  return [{ name: 'p99', met: product.p99 <= TARGETS.postgres(perSecond) }];
}

/** Whose figures of a pace: the product's (the targets' own), or the floor's. */
export type ServerOf = (pace: EmbeddedPace) => PaceSummary;
const productOf: ServerOf = (pace) => pace.product;

/** The servers of an embedded pace, by their name in the tables. */
export const EMBEDDED_SERVERS: ReadonlyArray<{ name: string; of: ServerOf }> = [
  { name: 'product', of: productOf },
  { name: 'floor', of: (pace) => pace.floor },
];

/** The idle penalty: the paces at which `of` is slower at the median than at a busier one. */
export function penalisedPaces(paces: EmbeddedPace[], of: ServerOf = productOf): number[] {
  const p50 = (pace: EmbeddedPace) => of(pace).p50;
  return paces
    .filter((pace) =>
      paces.some((busier) => busier.perSecond > pace.perSecond && p50(busier) < p50(pace)),
    )
    .map(({ perSecond }) => perSecond);
}
