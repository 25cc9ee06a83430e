/**
 * What a query builder costs an audience request before the database sees anything: building
 * and compiling the statements of the hot path (the public queue's read of a musician's open
 * requests) with Drizzle (pg-core, today's layer) and with Kysely (one builder compiled per dialect; with and without CamelCasePlugin, which maps
 * camelCase fields to snake_case columns), beside a floor: the same SQL text from a template
 * literal. No database: the builders' CPU alone, in microseconds a statement.
 *
 *   npm run bench:query-builders
 *   npm run bench:query-builders -- --rounds 5 --calls 50000
 */
import { parseArgs } from 'node:util';
import { and, asc, desc, eq, inArray, sql as dsql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import {
  CamelCasePlugin,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql as ksql,
} from 'kysely';
import { requests } from '#server/db/schema.ts';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    calls: { type: 'string', default: '20000' },
  },
});
const ROUNDS = Number(args.rounds);
const CALLS = Number(args.calls);
const OPEN = ['pending', 'accepted', 'up_next'] as const;

interface RequestsTable {
  id: string;
  musicianId: string;
  songId: string | null;
  songTitle: string;
  songArtist: string;
  requesterName: string;
  requesterEmail: string;
  dedication: string;
  votes: number;
  status: string;
  blocked: boolean;
  queuePosition: number | null;
  createdAt: Date;
}
interface BenchDb {
  requests: RequestsTable;
}

function kysely(dialect: 'postgres' | 'sqlite', camelCase: boolean): Kysely<BenchDb> {
  return new Kysely<BenchDb>({
    dialect: {
      createAdapter: () => (dialect === 'postgres' ? new PostgresAdapter() : new SqliteAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) =>
        dialect === 'postgres' ? new PostgresIntrospector(db) : new SqliteIntrospector(db),
      createQueryCompiler: () =>
        dialect === 'postgres' ? new PostgresQueryCompiler() : new SqliteQueryCompiler(),
    },
    plugins: camelCase ? [new CamelCasePlugin()] : [],
  });
}

const drizzleDb = drizzle.mock();
let sink = 0;

const cases: Record<string, (i: number) => void> = {
  'floor (template literal)': (i) => {
    const text = `select "id", "song_title", "votes", "status", "queue_position" from "requests" where "musician_id" = $1 and "blocked" = $2 and "status" in ($3, $4, $5) order by "status" = 'up_next' desc, "queue_position", "created_at", "id"`;
    sink += text.length + [`m${i}`, false, ...OPEN].length;
  },
  'Drizzle pg-core': (i) => {
    const query = drizzleDb
      .select({
        id: requests.id,
        songTitle: requests.songTitle,
        votes: requests.votes,
        status: requests.status,
        queuePosition: requests.queuePosition,
      })
      .from(requests)
      .where(
        and(
          eq(requests.musicianId, `m${i}`),
          eq(requests.blocked, false),
          inArray(requests.status, OPEN),
        ),
      )
      .orderBy(
        desc(dsql`${requests.status} = 'up_next'`),
        asc(requests.queuePosition),
        asc(requests.createdAt),
        asc(requests.id),
      )
      .toSQL();
    sink += query.sql.length;
  },
};

for (const [name, db] of [
  ['Kysely postgres', kysely('postgres', false)],
  ['Kysely postgres + CamelCasePlugin', kysely('postgres', true)],
  ['Kysely sqlite + CamelCasePlugin', kysely('sqlite', true)],
] as const) {
  cases[name] = (i) => {
    const query = db
      .selectFrom('requests')
      .select(['id', 'songTitle', 'votes', 'status', 'queuePosition'])
      .where('musicianId', '=', `m${i}`)
      .where('blocked', '=', false)
      .where('status', 'in', OPEN)
      .orderBy(ksql`status = 'up_next'`, 'desc')
      .orderBy('queuePosition')
      .orderBy('createdAt')
      .orderBy('id')
      .compile();
    sink += query.sql.length;
  };
}

function microsPerCall(run: (i: number) => void): number {
  const start = process.hrtime.bigint();
  for (let i = 0; i < CALLS; i++) run(i);
  return Number(process.hrtime.bigint() - start) / 1_000 / CALLS;
}

// Warm every case first, so the rounds compare optimised code.
for (const run of Object.values(cases)) microsPerCall(run);
const results = new Map<string, number[]>(Object.keys(cases).map((name) => [name, []]));
for (let round = 0; round < ROUNDS; round++) {
  // Taking turns inside each round: the machine's drift falls on every case alike.
  for (const [name, run] of Object.entries(cases)) results.get(name)!.push(microsPerCall(run));
}
const floor = Math.min(...results.get('floor (template literal)')!);
console.log(`${CALLS} statements a round, ${ROUNDS} rounds; µs a statement (built and compiled)`);
for (const [name, times] of results) {
  const best = Math.min(...times);
  console.log(
    `${name.padEnd(36)} ${times.map((t) => t.toFixed(2).padStart(6)).join(' ')}   best ${best.toFixed(2)} (${(best / floor).toFixed(0)}x floor)`,
  );
}
if (sink === 0) console.log('');
