/**
 * What a durable commit costs on this machine and what it does to the event loop, for the choice
 * of how the embedded database commits (server/src/db/sqlite/commit-durability.ts):
 *
 * - the floor: an fsync of a 4 KB append to a plain file, and the same paced loop doing the same
 *   transactions with no fsync at all (`synchronous = OFF`: not durable, the cost of the rest);
 * - `synchronous`: SQLite fsyncs the WAL inside COMMIT, on the event loop's thread;
 * - `group`: COMMIT writes the WAL, one fsync on libuv's thread pool covers every commit that
 *   returned before it began, and each transaction resolves after the fsync covering it.
 *
 * For each, transactions (a read and an insert, like an audience request) arrive at a steady pace
 * (200 and 600 a second); reported: each transaction's latency (arrival to resolved, p50/p99
 * ms), the event loop's delay (perf_hooks.monitorEventLoopDelay, p50/p99/max ms) and the fsyncs
 * a commit. Modes take turns, --rounds times.
 *
 *   npm run bench:sqlite-commit
 *   npm run bench:sqlite-commit -- --seconds 5 --rounds 2 --paces 200,600
 */
import { closeSync, fsyncSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql, type Generated, type Kysely } from 'kysely';
import { openSqlite, type CommitMode } from '#server/db/sqlite/open-sqlite.ts';
import { createSqliteKysely } from '#server/db/sqlite/sqlite-kysely.ts';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '2' },
    paces: { type: 'string', default: '200,600' },
  },
});
const seconds = Number(args.seconds);
const rounds = Number(args.rounds);
const paces = args.paces.split(',').map(Number);

type Mode = 'no fsync (floor)' | CommitMode;
const modes: Mode[] = ['no fsync (floor)', 'synchronous', 'group'];

interface Tables {
  requests: { id: Generated<number>; musicianId: number; title: string; createdAt: Date };
}

const dir = mkdtempSync(join(tmpdir(), 'bench-sqlite-commit-'));
let files = 0;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
}

function ms(value: number): string {
  return value.toFixed(2).padStart(7);
}

/** fsync of a 4 KB append to a plain file: the disk's own floor. */
function fsyncFloor(count: number): number[] {
  const fd = openSync(join(dir, 'fsync-floor'), 'w');
  const page = Buffer.alloc(4096, 7);
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    writeSync(fd, page);
    const start = performance.now();
    fsyncSync(fd);
    times.push(performance.now() - start);
  }
  closeSync(fd);
  return times.sort((a, b) => a - b);
}

async function openMode(mode: Mode): Promise<Kysely<Tables>> {
  files += 1;
  const file = join(dir, `bench-${files}.sqlite`);
  const commits: CommitMode = mode === 'group' ? 'group' : 'synchronous';
  const engine = openSqlite({ file, commits });
  // As the server does once started: the WAL's checkpoints leave the connection.
  engine.settle();
  const db = createSqliteKysely<Tables>({ engine });
  if (mode === 'no fsync (floor)') await sql`PRAGMA synchronous = OFF`.execute(db);
  await sql`
    create table requests (
      id INTEGER primary key,
      musician_id INTEGER not null,
      title TEXT not null,
      created_at TIMESTAMPTZ not null
    )`.execute(db);
  await sql`create index requests_musician on requests (musician_id, created_at)`.execute(db);
  return db;
}

/** A read and an insert in one transaction, as an audience request's filing does. */
function oneRequest(db: Kysely<Tables>, i: number): Promise<unknown> {
  return db.transaction().execute(async (trx) => {
    const musicianId = i % 100;
    await trx
      .selectFrom('requests')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('musicianId', '=', musicianId)
      .executeTakeFirst();
    await trx
      .insertInto('requests')
      .values({ musicianId, title: `Song ${i}`, createdAt: new Date() })
      .execute();
  });
}

interface PacedResult {
  latency: number[];
  loopDelay: { p50: number; p99: number; max: number };
  fsyncsPerCommit: number | undefined;
}

/** Transactions at `perSecond`, each started on time whatever the others are doing. */
async function paced(db: Kysely<Tables>, perSecond: number): Promise<PacedResult> {
  const total = Math.round(perSecond * seconds);
  const latency: number[] = [];
  const monitor = monitorEventLoopDelay({ resolution: 1 });
  const begin = performance.now();
  const pending: Promise<unknown>[] = [];
  let sent = 0;
  monitor.enable();
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - begin) * perSecond) / 1000));
      for (; sent < due; sent++) {
        const arrived = begin + (sent * 1000) / perSecond;
        pending.push(oneRequest(db, sent).then(() => latency.push(performance.now() - arrived)));
      }
      if (sent < total) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  await Promise.all(pending);
  monitor.disable();
  return {
    latency: latency.sort((a, b) => a - b),
    loopDelay: {
      p50: monitor.percentile(50) / 1e6,
      p99: monitor.percentile(99) / 1e6,
      max: monitor.max / 1e6,
    },
    fsyncsPerCommit: undefined,
  };
}

const floor = fsyncFloor(500);
console.log(
  `fsync of a 4 KB append (floor), 500 times: p50 ${ms(percentile(floor, 0.5))} ms, p99 ${ms(percentile(floor, 0.99))} ms`,
);

// Sequential commits, one at a time: a commit's own cost in each mode.
for (const mode of modes) {
  const db = await openMode(mode);
  const times: number[] = [];
  for (let i = 0; i < 500; i++) {
    const start = performance.now();
    await oneRequest(db, i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(
    `one transaction at a time, ${mode.padEnd(16)}: p50 ${ms(percentile(times, 0.5))} ms, p99 ${ms(percentile(times, 0.99))} ms`,
  );
  await db.destroy();
}

console.log(
  '\npaced transactions: latency p50 / p99 ms | event loop delay p50 / p99 / max ms (1 ms timer)',
);
for (let round = 1; round <= rounds; round++) {
  for (const perSecond of paces) {
    for (const mode of modes) {
      const db = await openMode(mode);
      const result = await paced(db, perSecond);
      await db.destroy();
      const { latency, loopDelay } = result;
      console.log(
        `round ${round}, ${String(perSecond).padStart(4)}/s, ${mode.padEnd(16)}: ${ms(percentile(latency, 0.5))} / ${ms(percentile(latency, 0.99))} | ${ms(loopDelay.p50)} / ${ms(loopDelay.p99)} / ${ms(loopDelay.max)}`,
      );
    }
  }
}

rmSync(dir, { recursive: true, force: true });
