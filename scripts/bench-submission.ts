/**
 * The embedded database's share of an audience request: CPU time per call of `submit_request`
 * (every rule a request passes, and the filing) beside the floor's one `INSERT ... SELECT`
 * (scripts/bench/floor-server.ts), in the same database, taking turns. No HTTP, no devices, no
 * load generator: the database's part of `bench:realtime`'s gap to the floor, with little of
 * this shared machine's noise.
 *
 *   npm run bench:submission                      3 rounds of 1,000 back to back, 200 paced
 *   npm run bench:submission -- --rounds 5 --calls 2000 --gap-ms 5
 *
 * PGlite on disk on its own thread, as the server runs it; CPU is the whole process's (both
 * threads: the call's trip there and back counts). Every request its own requester and song,
 * over 100 musicians of 80 songs. An `ANALYZE` before each round stands for the server's
 * housekeeping turn (db/pglite-housekeeping.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '#server/db/database.ts';
import { rowsOf } from '#server/db/rows-of.ts';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    calls: { type: 'string', default: '1000' },
    'paced-calls': { type: 'string', default: '200' },
    'gap-ms': { type: 'string', default: '5' },
  },
});
const ROUNDS = Number(args.rounds);
const CALLS = Number(args.calls);
const PACED_CALLS = Number(args['paced-calls']);
const GAP_MS = Number(args['gap-ms']);
const MUSICIANS = 100;
const SONGS_EACH = 80;
/** Before the first round: the first thousand calls after a start measured about twice the rest. */
const WARM_UP_CALLS = 1000;

interface Song {
  id: string;
  musician_id: string;
}

/** The app's musicians and songs, and the floor's two tables beside them. */
async function seed(db: Db): Promise<Song[]> {
  await db.execute(sql`
    INSERT INTO musicians (name, email, slug, password_hash)
    SELECT 'Bench ' || n, 'bench-' || n || '@example.invalid', 'bench-' || n, ''
    FROM generate_series(1, ${MUSICIANS}) n`);
  const songs = rowsOf<Song>(
    await db.execute(sql`
      INSERT INTO songs (musician_id, title, artist)
      SELECT m.id, 'Song ' || n, 'Artist ' || n FROM musicians m, generate_series(1, ${SONGS_EACH}) n
      RETURNING id, musician_id`),
  );
  await db.execute(sql`
    CREATE TABLE floor_requests (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(), musician_id uuid NOT NULL,
      song_id uuid NOT NULL, requester_name text NOT NULL, requester_email text NOT NULL,
      dedication text, created_at timestamptz NOT NULL DEFAULT now())`);
  await db.execute(sql`CREATE TABLE floor_songs AS SELECT id, musician_id FROM songs`);
  await db.execute(sql`ALTER TABLE floor_songs ADD PRIMARY KEY (id)`);
  return songs;
}

const percentile50 = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-submission-'));
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    const { db } = database;
    const songs = await seed(db);
    // Each call its own song: musicians in turn, then each one's next song.
    let next = 0;
    const nextSong = () => {
      const n = next++;
      return songs[(n % MUSICIANS) * SONGS_EACH + (Math.floor(n / MUSICIANS) % SONGS_EACH)]!;
    };
    const needed = WARM_UP_CALLS + ROUNDS * (CALLS + PACED_CALLS);
    if (needed > songs.length)
      throw new Error(`${needed} calls need more than ${songs.length} songs`);

    const product = async (n: number, song: Song) => {
      const email = `fan-${n}@example.com`;
      const [filed] = rowsOf<{ outcome: string }>(
        await db.execute(sql`
          SELECT * FROM submit_request(${song.musician_id}::uuid, ${song.id}::uuid, 'Bench Fan',
            ${email}, ${email}, ${`bench:${n}`}, 0, ${`device-${n}`}, ${`key-${n}`}, md5(${`${n}`}),
            'source', now(), 60, 3, 10000000, 10000000)`),
      );
      if (filed?.outcome !== 'created') throw new Error(`submit_request: ${filed?.outcome}`);
    };
    const floor = async (n: number, song: Song) => {
      await db.execute(sql`
        INSERT INTO floor_requests (musician_id, song_id, requester_name, requester_email, dedication)
        SELECT musician_id, id, 'Bench Fan', ${`fan-${n}@example.com`}, ${`bench:${n}`}
        FROM floor_songs WHERE id = ${song.id}::uuid
        RETURNING *`);
    };
    /** CPU ms a call and the median wall ms, over `calls` calls `gapMs` apart. */
    const measure = async (call: typeof product, calls: number, gapMs: number) => {
      const walls: number[] = [];
      const before = process.cpuUsage();
      for (let i = 0; i < calls; i++) {
        const started = performance.now();
        const n = next;
        await call(n, nextSong());
        walls.push(performance.now() - started);
        if (gapMs > 0) await sleep(gapMs);
      }
      const used = process.cpuUsage(before);
      return { cpuMs: (used.user + used.system) / 1000 / calls, wallMs: percentile50(walls) };
    };

    for (let i = 0; i < WARM_UP_CALLS; i++) await product(next, nextSong());
    console.log(
      `\n### submit_request beside the floor's INSERT, PGlite on disk\n\n` +
        `${MUSICIANS} musicians of ${SONGS_EACH} songs; CPU ms a call (the process, both threads), ` +
        `median wall ms in brackets.\n`,
    );
    console.log(
      `| round | back to back: submit_request | floor | ratio | ${GAP_MS} ms apart: submit_request | floor | ratio |`,
    );
    console.log('|---|---|---|---|---|---|---|');
    const show = (m: { cpuMs: number; wallMs: number }) =>
      `${m.cpuMs.toFixed(3)} (${m.wallMs.toFixed(3)})`;
    for (let round = 1; round <= ROUNDS; round++) {
      await db.execute(sql`ANALYZE`);
      const backToBack = [await measure(product, CALLS, 0), await measure(floor, CALLS, 0)];
      const paced = [
        await measure(product, PACED_CALLS, GAP_MS),
        await measure(floor, PACED_CALLS, GAP_MS),
      ];
      const row = [backToBack, paced].map(
        ([p, f]) => `${show(p!)} | ${show(f!)} | ${(p!.cpuMs / f!.cpuMs).toFixed(2)}`,
      );
      console.log(`| ${round} | ${row.join(' | ')} |`);
    }
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
