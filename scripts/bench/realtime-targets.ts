/**
 * Issue 23's targets for `bench:realtime`, and each pace's results held against them: the marks
 * of one run's table, and the tally of several runs (realtime-runs.ts).
 */
import type { Summary } from './shots.ts';

export type PaceSummary = Summary & { cpuMsPerRequest: number };

/**
 * One pace on the embedded database: the product beside the floor of the same run, and with
 * `--sqlite-floor` the floor on SQLite (`node:sqlite`) as well: what another engine would give.
 */
export interface EmbeddedPace {
  perSecond: number;
  product: PaceSummary;
  floor: PaceSummary;
  sqliteFloor?: PaceSummary;
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
  embedded: (perSecond: number) => ({
    p50: perSecond <= 200 ? 3 : undefined,
    p99: perSecond <= 200 ? 8 : 40,
  }),
  postgres: (perSecond: number) => ({ p50: undefined, p99: perSecond <= 200 ? 15 : 50 }),
  ratio: { p50: 1.3, p99: 1.5 },
};

export const TARGETS_SENTENCE =
  `p50 <= 3 ms and p99 <= 8 ms up to 200 a second, p99 <= 40 ms at 600; product/floor p50 <= ` +
  `${TARGETS.ratio.p50}x, p99 <= ${TARGETS.ratio.p99}x; the first second after the pause within ` +
  `the pace's p99 target; on PostgreSQL, p99 <= 15 ms at 200 a second and 50 ms at 500.`;

/** Milliseconds as the tables print them: one decimal, '-' for none. */
export const ms = (value: number) => (Number.isNaN(value) ? '-' : value.toFixed(1));

/** A target of one pace, named as the tally's column, and whether the run met it. */
export interface Check {
  name: 'p50' | 'p99' | 'ratio p50' | 'ratio p99' | 'first second';
  met: boolean;
}

/** ' ✓' or ' ✗' after a figure whose target the checks hold, nothing after one without. */
export function markOf(checks: Check[], name: Check['name']): string {
  const check = checks.find((c) => c.name === name);
  return check === undefined ? '' : check.met ? ' ✓' : ' ✗';
}

export function embeddedChecks({ perSecond, product, floor }: EmbeddedPace): Check[] {
  const target = TARGETS.embedded(perSecond);
  const checks: Check[] = [];
  if (target.p50 !== undefined) checks.push({ name: 'p50', met: product.p50 <= target.p50 });
  checks.push(
    { name: 'p99', met: product.p99 <= target.p99 },
    { name: 'ratio p50', met: product.p50 / floor.p50 <= TARGETS.ratio.p50 },
    { name: 'ratio p99', met: product.p99 / floor.p99 <= TARGETS.ratio.p99 },
    { name: 'first second', met: product.firstSecondP99 <= target.p99 },
  );
  return checks;
}

export function postgresChecks({ perSecond, product }: PostgresPace): Check[] {
  return [{ name: 'p99', met: product.p99 <= TARGETS.postgres(perSecond).p99 }];
}

/** Whose figures of a pace: the product's (the targets' own), or a floor's. */
export type ServerOf = (pace: EmbeddedPace) => PaceSummary | undefined;
const productOf: ServerOf = (pace) => pace.product;

/** Every server an embedded pace can hold, by its name in the tables. */
const EMBEDDED_SERVERS: ReadonlyArray<{ name: string; of: ServerOf }> = [
  { name: 'product', of: productOf },
  { name: 'floor', of: (pace) => pace.floor },
  { name: 'floor on node:sqlite', of: (pace) => pace.sqliteFloor },
];

/** The servers of which `paces` holds figures (the SQLite floor only with `--sqlite-floor`). */
export const serversIn = (paces: EmbeddedPace[]) =>
  EMBEDDED_SERVERS.filter(({ of }) => paces.some((pace) => of(pace)));

/** The idle penalty: the paces at which `of` is slower at the median than at a busier one. */
export function penalisedPaces(paces: EmbeddedPace[], of: ServerOf = productOf): number[] {
  const p50 = (pace: EmbeddedPace) => of(pace)?.p50 ?? NaN;
  return paces
    .filter((pace) =>
      paces.some((busier) => busier.perSecond > pace.perSecond && p50(busier) < p50(pace)),
    )
    .map(({ perSecond }) => perSecond);
}
