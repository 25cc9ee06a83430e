/**
 * Several runs of `bench:realtime` side by side (`--runs 3`): each pace's p50 / p99 in every run
 * with the floor's (SQLite, one statement) ranges and the ratio's, as the README shows them, then
 * how many runs met each target. This machine is shared and noisy, so a target counts as held when most runs meet it.
 */
import {
  embeddedChecks,
  ms,
  paceName,
  EMBEDDED_SERVERS,
  penalisedPaces,
  postgresChecks,
  type Check,
  type EmbeddedPace,
  type PaceSummary,
  type PostgresPace,
} from './realtime-targets.ts';

export interface RealtimeRun {
  embedded: EmbeddedPace[];
  postgres: PostgresPace[];
}

/** Each run's "p50 / p99" of the pace, in run order. */
const figuresOf = (paces: Array<{ product: PaceSummary }>) =>
  paces.map(({ product }) => `${ms(product.p50)} / ${ms(product.p99)}`).join(', ');
const range = (values: number[], digits: number) => {
  const known = values.filter((value) => !Number.isNaN(value));
  if (known.length === 0) return '-';
  const [low, high] = [Math.min(...known), Math.max(...known)].map((v) => v.toFixed(digits));
  return low === high ? low! : `${low}-${high}`;
};
const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
const rule = (columns: number) => `|${'---|'.repeat(columns)}`;
const COLUMNS: Array<Check['name']> = ['p50', 'ratio p50', 'p99', 'first second', 'cpu'];

/** Each pace of the first run, with that pace's results from every run that has it. */
function byPace<Pace extends { perSecond: number }>(runs: Pace[][]): Array<[number, Pace[]]> {
  const paces = runs[0]?.map((pace) => pace.perSecond) ?? [];
  return paces.map((perSecond) => [
    perSecond,
    runs.flatMap((run) => run.filter((pace) => pace.perSecond === perSecond)),
  ]);
}

/** "2/3" where a target applies to the pace, "-" where none does. */
function tally(checksOfEachRun: Check[][], runs: number): string[] {
  return COLUMNS.map((name) => {
    const ofName = checksOfEachRun.flatMap((checks) => checks.filter((c) => c.name === name));
    return ofName.length === 0 ? '-' : `${ofName.filter((check) => check.met).length}/${runs}`;
  });
}

export function realtimeRunsSummary(runs: RealtimeRun[]): string {
  const n = runs.length;
  const embedded = byPace(runs.map((run) => run.embedded));
  const postgres = byPace(runs.map((run) => run.postgres));
  const lines = [
    `### ${n} runs side by side`,
    '',
    `| pace | product p50 / p99 ms: ${runs.map((_, i) => `run ${i + 1}`).join(', ')} | floor p50 | floor p99 | product / floor p50 |`,
    rule(5),
  ];
  for (const [perSecond, paces] of embedded) {
    const floorP50 = range(
      paces.map((pace) => pace.floor.p50),
      1,
    );
    const floorP99 = range(
      paces.map((pace) => pace.floor.p99),
      1,
    );
    const ratio = range(
      paces.map((pace) => pace.product.p50 / pace.floor.p50),
      2,
    );
    lines.push(row([paceName(perSecond), figuresOf(paces), floorP50, floorP99, ratio]));
  }
  for (const [perSecond, paces] of postgres) {
    const blank = Array<string>(3).fill('');
    lines.push(row([`PostgreSQL + Redis, 2 processes, ${perSecond}`, figuresOf(paces), ...blank]));
  }
  lines.push('', `Runs that met each target (- where the pace has none):`, '');
  lines.push(row(['pace', ...COLUMNS]), rule(COLUMNS.length + 1));
  for (const [perSecond, paces] of embedded) {
    lines.push(row([paceName(perSecond), ...tally(paces.map(embeddedChecks), n)]));
  }
  for (const [perSecond, paces] of postgres) {
    lines.push(row([`PostgreSQL, ${paceName(perSecond)}`, ...tally(paces.map(postgresChecks), n)]));
  }
  if (embedded.length > 0) {
    // The floor's too: an idle penalty the libraries have on this machine is not the product's.
    const clean = EMBEDDED_SERVERS.map(({ name, of }) => {
      const count = runs.filter((run) => penalisedPaces(run.embedded, of).length === 0).length;
      return `${name} ${count}/${n}`;
    });
    lines.push(
      '',
      `Runs with no pace slower at the median than a busier one: ${clean.join(', ')}.`,
    );
  }
  return lines.join('\n');
}
