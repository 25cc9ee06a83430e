/**
 * A commit is on the disk before it is acknowledged: a program commits rows and acknowledges
 * each (writes `ack N`), under strace; each acknowledgement must follow an fsync of the WAL that
 * began after its own row's commit was written (commit-trace.ts). A program that does not fsync
 * at all is caught, so the check is not vacuous.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { traceCommits, type Syscall } from './commit-trace.ts';
import { tempSqliteFolder } from './temp-sqlite.ts';
import { has } from '#server-test/helpers/requirements.ts';

const root = join(import.meta.dirname, '../../../..');
const fixture = join(import.meta.dirname, 'fixtures/commit-then-ack.ts');
const dir = tempSqliteFolder();
const COUNT = 20;
let runs = 0;

/** `ack N` on stdout acknowledges the row whose note is `<row N>`. */
function ackToken(call: Syscall): string | undefined {
  if (call.name !== 'write' || call.fd !== 1) return undefined;
  const n = /^ack (\d+)\n$/.exec(call.data.toString('latin1'))?.[1];
  return n === undefined ? undefined : `<row ${n}>`;
}

async function trace(commits: string, order: 'sequential' | 'concurrent') {
  runs += 1;
  const file = join(dir, `traced-${runs}.sqlite`);
  return traceCommits({
    command: process.execPath,
    args: [fixture, file, commits, String(COUNT), order],
    cwd: root,
    databaseFile: file,
    acknowledgementToken: ackToken,
  });
}

describe.runIf(has.strace)('each commit is fsynced before it is acknowledged', () => {
  it.each([
    ['synchronous', 'sequential'],
    ['group', 'sequential'],
    ['group', 'concurrent'],
  ] as const)('%s commits, %s', async (commits, order) => {
    const report = await trace(commits, order);
    expect(report.violations).toEqual([]);
    expect(report.acknowledgements).toBe(COUNT);
    expect(report.walFsyncs).toBeGreaterThan(0);
  });

  it('catches a program that acknowledges commits never fsynced', async () => {
    const report = await trace('unsafe', 'sequential');
    expect(report.acknowledgements).toBe(COUNT);
    expect(report.violations).toHaveLength(COUNT);
    expect(report.violations[0]).toMatch(/with no WAL fsync between/);
  });
});
