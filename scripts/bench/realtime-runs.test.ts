import { describe, expect, it } from 'vitest';
import { realtimeRunsSummary, type RealtimeRun } from './realtime-runs.ts';
import type { PaceSummary } from './realtime-targets.ts';

const summary = (p50: number, p99: number, firstSecondP99 = p99): PaceSummary => ({
  samples: 30,
  lost: 0,
  p50,
  p99,
  firstSecondP99,
  cpuMsPerRequest: NaN,
});

/** One run: a quiet pace and a busy one beside the floor, and PostgreSQL at 200 a second. */
const run = (quiet: [number, number], busy: [number, number], postgresP99: number) =>
  ({
    embedded: [
      { perSecond: 1, product: summary(...quiet), floor: summary(4, 6) },
      { perSecond: 200, product: summary(...busy), floor: summary(2, 5) },
    ],
    postgres: [{ perSecond: 200, product: summary(3.5, postgresP99), backendsCpuMs: 1.3 }],
  }) satisfies RealtimeRun;

const lineOf = (text: string, start: string) =>
  text.split('\n').find((line) => line.startsWith(start));

describe('realtimeRunsSummary', () => {
  const text = realtimeRunsSummary([
    run([5, 7], [2.5, 7.5], 12),
    run([5.2, 9], [4, 30], 20),
    run([4.8, 6], [2.6, 7], 9),
  ]);

  it("puts every run's figures of a pace on one line, with the floor's and the ratio's range", () => {
    expect(lineOf(text, '| 1 a second')).toBe(
      '| 1 a second | 5.0 / 7.0, 5.2 / 9.0, 4.8 / 6.0 | 4.0 | 1.20-1.30 |',
    );
    expect(lineOf(text, '| 200 a second')).toBe(
      '| 200 a second | 2.5 / 7.5, 4.0 / 30.0, 2.6 / 7.0 | 2.0 | 1.25-2.00 |',
    );
    expect(lineOf(text, '| PostgreSQL + Redis, 2 processes, 200')).toBe(
      '| PostgreSQL + Redis, 2 processes, 200 | 3.5 / 12.0, 3.5 / 20.0, 3.5 / 9.0 |  |  |',
    );
  });

  it('counts the runs that met each target of each pace', () => {
    // p50 <= 3, p99 <= 8, ratio p50 <= 1.3, ratio p99 <= 1.5 (9 / 6 is met), first second <= 8.
    expect(lineOf(text, '| 1 a second | 0/3')).toBe('| 1 a second | 0/3 | 2/3 | 3/3 | 3/3 | 2/3 |');
    expect(lineOf(text, '| 200 a second | 2/3')).toBe(
      '| 200 a second | 2/3 | 2/3 | 2/3 | 2/3 | 2/3 |',
    );
    expect(lineOf(text, '| PostgreSQL, 200 a second')).toBe(
      '| PostgreSQL, 200 a second | - | 2/3 | - | - | - |',
    );
  });

  it("counts the runs with no idle penalty, the product's and the floor's", () => {
    // The quiet pace is slower at the median than 200 a second in every run, the floor's too.
    expect(text).toContain(
      'Runs with no pace slower at the median than a busier one: product 0/3, floor 0/3.',
    );
  });

  it('leaves out the floor on node:sqlite where no run had it', () => {
    expect(text).not.toContain('sqlite');
  });
});

describe('realtimeRunsSummary with the floor on node:sqlite', () => {
  /** A run whose SQLite floor took `quiet` and `busy` ms at the median. */
  const withSqlite = (quiet: number, busy: number): RealtimeRun => {
    const plain = run([5, 7], [2.5, 7.5], 12);
    const [slow, fast] = plain.embedded;
    return {
      ...plain,
      embedded: [
        { ...slow!, sqliteFloor: summary(quiet, 4) },
        { ...fast!, sqliteFloor: summary(busy, 3) },
      ],
    };
  };
  const text = realtimeRunsSummary([withSqlite(2, 1), withSqlite(1.9, 1), withSqlite(1, 1.2)]);

  it("adds the SQLite floor's range of medians to each pace", () => {
    expect(lineOf(text, '| pace | product')).toMatch(/\| floor on node:sqlite p50 \|$/);
    expect(lineOf(text, '| 1 a second |')).toBe(
      '| 1 a second | 5.0 / 7.0, 5.0 / 7.0, 5.0 / 7.0 | 4.0 | 1.25 | 1.0-2.0 |',
    );
    expect(lineOf(text, '| PostgreSQL + Redis, 2 processes, 200')).toBe(
      '| PostgreSQL + Redis, 2 processes, 200 | 3.5 / 12.0, 3.5 / 12.0, 3.5 / 12.0 |  |  |  |',
    );
  });

  it("counts the SQLite floor's runs with no idle penalty", () => {
    // Only the third run's quiet pace is faster than its busy one.
    expect(text).toContain(
      'Runs with no pace slower at the median than a busier one: product 0/3, floor 0/3, ' +
        'floor on node:sqlite 1/3.',
    );
  });
});
