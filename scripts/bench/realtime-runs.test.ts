import { describe, expect, it } from 'vitest';
import { realtimeRunsSummary, type RealtimeRun } from './realtime-runs.ts';
import type { PaceSummary } from './realtime-targets.ts';

const summary = (
  p50: number,
  p99: number,
  firstSecondP99 = p99,
  cpuMsPerRequest = NaN,
): PaceSummary => ({ samples: 30, lost: 0, p50, p99, firstSecondP99, cpuMsPerRequest });

/**
 * One run: a quiet pace and 200 a second beside the floor (CPU ms a request at 200: product
 * `busyCpu`, floor 1), 600 a second, and PostgreSQL at 200 a second.
 */
const run = (
  quiet: [number, number],
  busy: [number, number],
  busyCpu: number,
  rushP99: number,
  postgresP99: number,
) =>
  ({
    embedded: [
      { perSecond: 1, product: summary(...quiet), floor: summary(4, 6) },
      {
        perSecond: 200,
        product: summary(busy[0], busy[1], busy[1], busyCpu),
        floor: summary(2, 3, 3, 1),
      },
      { perSecond: 600, product: summary(5, rushP99), floor: summary(3, 20) },
    ],
    postgres: [{ perSecond: 200, product: summary(3.5, postgresP99), backendsCpuMs: 1.3 }],
  }) satisfies RealtimeRun;

const lineOf = (text: string, start: string) =>
  text.split('\n').find((line) => line.startsWith(start));

describe('realtimeRunsSummary', () => {
  const text = realtimeRunsSummary([
    run([5, 7], [2.5, 7.5], 1.4, 30, 12),
    run([5.2, 13], [4, 30], 1.6, 45, 20),
    run([4.8, 6], [2.6, 7], 1.2, 39, 9),
  ]);

  it("puts every run's figures of a pace on one line, with the floor's and the ratio's ranges", () => {
    expect(lineOf(text, '| 1 a second')).toBe(
      '| 1 a second | 5.0 / 7.0, 5.2 / 13.0, 4.8 / 6.0 | 4.0 | 6.0 | 1.20-1.30 |',
    );
    expect(lineOf(text, '| 200 a second')).toBe(
      '| 200 a second | 2.5 / 7.5, 4.0 / 30.0, 2.6 / 7.0 | 2.0 | 3.0 | 1.25-2.00 |',
    );
    expect(lineOf(text, '| PostgreSQL + Redis, 2 processes, 200')).toBe(
      '| PostgreSQL + Redis, 2 processes, 200 | 3.5 / 12.0, 3.5 / 20.0, 3.5 / 9.0 |  |  |  |',
    );
  });

  it('counts the runs that met each target of each pace', () => {
    // Columns: p50 <= 3, ratio p50 <= 1.3, p99 <= max(2x the floor's, 8), first second within
    // the same, CPU <= 1.5x the floor's (at 200 a second only). At 1 a second the floor's p99 is
    // 6: 12 ms allowed, and 13 is over it.
    expect(lineOf(text, '| 1 a second | 0/3')).toBe('| 1 a second | 0/3 | 3/3 | 2/3 | 2/3 | - |');
    // The floor's p99 is 3 at 200 a second: 8 ms allowed.
    expect(lineOf(text, '| 200 a second | 2/3')).toBe(
      '| 200 a second | 2/3 | 2/3 | 2/3 | 2/3 | 2/3 |',
    );
    // 600 a second has to keep up only: p99 <= 40 ms, whatever the floor.
    expect(lineOf(text, '| 600 a second | -')).toBe('| 600 a second | - | - | 2/3 | 2/3 | - |');
    expect(lineOf(text, '| PostgreSQL, 200 a second')).toBe(
      '| PostgreSQL, 200 a second | - | - | 2/3 | - | - |',
    );
  });

  it("counts the runs with no idle penalty, the product's and the floor's", () => {
    // The quiet pace is slower at the median than 200 a second in every run, the floor's too.
    expect(text).toContain(
      'Runs with no pace slower at the median than a busier one: product 0/3, floor 0/3.',
    );
  });
});
