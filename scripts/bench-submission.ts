/**
 * The database's share of an audience request: CPU time per call of the repository's `submit`
 * (features/requests: every rule a request passes, and the filing) beside the floor's one `INSERT ... SELECT`
 * (scripts/bench/floor-server.ts), in the same database, taking turns. No HTTP, no devices, no
 * load generator: the database's part of `bench:realtime`'s gap to the floor, with little of
 * this shared machine's noise. On PostgreSQL, between the two, the filing with the rules' reads
 * taken out (FILE_WITHOUT_RULES): what the database would still do if the server decided every
 * rule.
 *
 *   npm run bench:submission                      3 rounds of 1,000 back to back, 200 paced
 *   npm run bench:submission -- --rounds 5 --calls 2000 --gap-ms 5
 *   npm run bench:submission -- --history 20000    after 20,000 requests played a month ago
 *   npm run bench:submission -- --postgres postgres://postgres@127.0.0.1:5432/postgres
 *
 * SQLite on disk as the server runs it (WAL, group commit: a call returns once its commit is
 * fsynced); CPU is the whole process's (every thread: the fsyncs on libuv's pool count). With
 * --postgres, a database made for the run on that server (dropped after it); CPU is then this
 * process's alone, the server's is not counted, and an `ANALYZE` before each round stands for
 * autovacuum's (nothing analyzes the server's SQLite file, so nothing does here). Every request
 * its own requester and song, over 100 musicians of 80 songs (and 80 more each for the filing
 * without the rules, whose requests would otherwise turn the product's into +1s). The filing
 * without the rules is a PL/pgSQL function: with --postgres only.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { type Database, openDatabase } from '#server/db/database.ts';
import { columnTypes } from '#server/db/schema-migrations/column-types.ts';
import { requestsRepository } from '#server/features/requests/requests-repository.ts';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    calls: { type: 'string', default: '1000' },
    'paced-calls': { type: 'string', default: '200' },
    'gap-ms': { type: 'string', default: '5' },
    history: { type: 'string', default: '0' },
    postgres: { type: 'string' },
  },
});
const ROUNDS = Number(args.rounds);
const CALLS = Number(args.calls);
const PACED_CALLS = Number(args['paced-calls']);
const GAP_MS = Number(args['gap-ms']);
/**
 * Requests played a month ago, spread over the musicians' songs: a database in use, where a
 * fresh one has none. Outside every limit's window, they change only what the planner knows
 * of `requests` (migration 0019 is what they found).
 */
const HISTORY = Number(args.history);
const MUSICIANS = 100;
const SONGS_EACH = 80;
/**
 * The filing with none of its rules (no retry key, window, set, repeats, blocklist,
 * +1, limits or place): the song's read under its lock, its count and the `INSERT`. It files on
 * the second SONGS_EACH songs of each musician; the product on the first.
 */
const FILE_WITHOUT_RULES = `
  CREATE FUNCTION bench_file_without_rules(p_song uuid, p_name text, p_email text,
    p_dedication text, p_device text, p_key text, p_token_hash text, p_source text)
  RETURNS requests LANGUAGE plpgsql AS $$
  DECLARE
    song record;
    filed requests;
  BEGIN
    SELECT s.id, s.musician_id, s.title, s.artist, sh.id AS show_id INTO song
    FROM songs s
    JOIN musicians m ON m.id = s.musician_id
    LEFT JOIN shows sh ON sh.musician_id = s.musician_id AND sh.status = 'active'
    WHERE s.id = p_song
    FOR UPDATE OF s;
    UPDATE songs SET request_count = request_count + 1 WHERE id = song.id;
    INSERT INTO requests (musician_id, song_id, show_id, song_title, song_artist, requester_name,
      requester_email, dedication, idempotency_key, status_token_hash, device_id, source,
      queue_rank)
    VALUES (song.musician_id, song.id, song.show_id, song.title, song.artist, p_name, p_email,
      p_dedication, p_key, p_token_hash, p_device, p_source, extract(epoch from clock_timestamp()))
    RETURNING * INTO filed;
    RETURN filed;
  END $$`;
/** Before the first round: the first thousand calls after a start measured about twice the rest. */
const WARM_UP_CALLS = 1000;

interface Song {
  id: string;
  musicianId: string;
  title: string;
  artist: string;
}

/** The rows each batch of a multi-row insert holds: well under SQLite's 32,766 parameters. */
const BATCH_ROWS = 500;

/** `rows` in batches of BATCH_ROWS, for a multi-row insert each (every row with the same keys). */
const batchesOf = <T>(rows: T[]) =>
  Array.from({ length: Math.ceil(rows.length / BATCH_ROWS) }, (_, i) =>
    rows.slice(i * BATCH_ROWS, (i + 1) * BATCH_ROWS),
  );

/**
 * The app's musicians and songs (ids made here, so that the songs' order is known), and the
 * floor's two tables beside them, typed as the migrations type the app's (column-types.ts).
 */
async function seed(database: Database): Promise<Song[]> {
  const db = database.kysely;
  const musicians = Array.from({ length: MUSICIANS }, (_, i) => ({
    id: randomUUID(),
    name: `Bench ${i + 1}`,
    email: `bench-${i + 1}@example.invalid`,
    slug: `bench-${i + 1}`,
    passwordHash: '',
  }));
  for (const batch of batchesOf(musicians))
    await db.insertInto('musicians').values(batch).execute();
  const songs: Song[] = musicians.flatMap((musician) =>
    Array.from({ length: 2 * SONGS_EACH }, (_, n) => ({
      id: randomUUID(),
      musicianId: musician.id,
      title: `Song ${n + 1}`,
      artist: `Artist ${n + 1}`,
    })),
  );
  for (const batch of batchesOf(songs)) await db.insertInto('songs').values(batch).execute();
  if (database.kind === 'postgres') await sql.raw(FILE_WITHOUT_RULES).execute(db);
  const types = columnTypes(database.kind);
  await db.schema
    .createTable('floor_requests')
    .addColumn('id', types.type('id'), (c) => c.primaryKey().notNull())
    .addColumn('musician_id', types.type('id'), (c) => c.notNull())
    .addColumn('song_id', types.type('id'), (c) => c.notNull())
    .addColumn('requester_name', types.type('text'), (c) => c.notNull())
    .addColumn('requester_email', types.type('text'), (c) => c.notNull())
    .addColumn('dedication', types.type('text'))
    .addColumn('created_at', types.type('timestamp'), (c) => c.notNull().defaultTo(types.now))
    .execute();
  await db.schema
    .createTable('floor_songs')
    .addColumn('id', types.type('id'), (c) => c.primaryKey().notNull())
    .addColumn('musician_id', types.type('id'), (c) => c.notNull())
    .execute();
  await sql`INSERT INTO floor_songs (id, musician_id) SELECT id, musician_id FROM songs`.execute(
    db,
  );
  if (HISTORY > 0) {
    const monthAgo = new Date(Date.now() - 30 * 24 * 3600 * 1000);
    const history = Array.from({ length: HISTORY }, (_, k) => {
      const song = songs[k % songs.length]!;
      return {
        musicianId: song.musicianId,
        songId: song.id,
        songTitle: song.title,
        songArtist: song.artist,
        requesterName: 'Past Fan',
        requesterEmail: `past-${Math.floor(k / songs.length) + 1}@example.com`,
        status: 'played' as const,
        playedAt: monthAgo,
        createdAt: monthAgo,
        source: 'source',
        queueRank: 0,
      };
    });
    for (const batch of batchesOf(history)) await db.insertInto('requests').values(batch).execute();
  }
  return songs;
}

const percentile50 = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A database of its own on the --postgres server, or SQLite in a folder made for the run. */
async function openBenchDatabase() {
  if (args.postgres) {
    const name = `bench_submission_${process.pid}`;
    const admin = async (text: string) => {
      const client = new pg.Client({ connectionString: args.postgres });
      await client.connect();
      await client.query(text).finally(() => client.end());
    };
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(args.postgres);
    url.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString() });
    const drop = () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    return { database, engine: 'PostgreSQL', drop };
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-submission-'));
  const database = await openDatabase({ kind: 'sqlite', dataDir });
  const drop = () => rm(dataDir, { recursive: true, force: true });
  return { database, engine: 'SQLite on disk (WAL, group commit)', drop };
}

async function main() {
  const { database, engine, drop } = await openBenchDatabase();
  try {
    const db = database.kysely;
    const songs = await seed(database);
    // As the server does once started: the WAL's checkpoints leave the connection.
    database.settle();
    /** Each call its own song: musicians in turn, then each one's next song from `first` on. */
    const songAt = (n: number, first: number) =>
      songs[(n % MUSICIANS) * 2 * SONGS_EACH + first + (Math.floor(n / MUSICIANS) % SONGS_EACH)]!;
    const needed = WARM_UP_CALLS + ROUNDS * (CALLS + PACED_CALLS);
    if (needed > MUSICIANS * SONGS_EACH)
      throw new Error(`${needed} calls need more than ${MUSICIANS * SONGS_EACH} songs`);

    /** A way of filing, with its own count of calls (the requester, key and song of each). */
    type Filing = { name: string; calls: number; file: (n: number) => Promise<void> };
    const repository = requestsRepository(database.kysely);
    const limits = {
      perRequester: { max: 3, windowMinutes: 60 },
      perMusicianPerMinute: 10_000_000,
      perAddressPerMinute: 10_000_000,
      votesPerAddress: 10_000_000,
    };
    const product: Filing = {
      name: 'product',
      calls: 0,
      async file(n) {
        const song = songAt(n, 0);
        const filed = await repository.submit({
          musicianId: song.musicianId,
          songId: song.id,
          requesterName: 'Bench Fan',
          requesterEmail: `fan-${n}@example.com`,
          dedication: `bench:${n}`,
          tipAmount: 0,
          deviceId: `device-${n}`,
          idempotencyKey: `key-${n}`,
          statusTokenHash: `token-${n}`,
          source: 'source',
          now: new Date(),
          limits,
        });
        if (filed?.outcome !== 'created') throw new Error(`submit: ${filed?.outcome}`);
      },
    };
    const withoutRules: Filing = {
      name: "rules' reads out",
      calls: 0,
      async file(n) {
        const song = songAt(n, SONGS_EACH);
        await sql`
          SELECT * FROM bench_file_without_rules(${song.id}::uuid, 'Bench Fan',
            ${`free-${n}@example.com`}, ${`bench:${n}`}, ${`free-device-${n}`}, ${`free-key-${n}`},
            md5(${`free-${n}`}), 'source')`.execute(db);
      },
    };
    const floor: Filing = {
      name: 'floor',
      calls: 0,
      async file(n) {
        // The id made here, as floor-stores.ts makes it: SQLite has no uuid function of its own.
        await sql`
          INSERT INTO floor_requests (id, musician_id, song_id, requester_name, requester_email,
            dedication)
          SELECT ${randomUUID()}, musician_id, id, 'Bench Fan', ${`fan-${n}@example.com`},
            ${`bench:${n}`}
          FROM floor_songs WHERE id = ${songAt(n, 0).id}
          RETURNING *`.execute(db);
      },
    };
    // The filing without the rules is PL/pgSQL: PostgreSQL only.
    const filings =
      database.kind === 'postgres' ? [product, withoutRules, floor] : [product, floor];

    /** CPU ms a call and the median wall ms, over `calls` calls `gapMs` apart. */
    const measure = async (filing: Filing, calls: number, gapMs: number) => {
      const walls: number[] = [];
      const before = process.cpuUsage();
      for (let i = 0; i < calls; i++) {
        const started = performance.now();
        await filing.file(filing.calls++);
        walls.push(performance.now() - started);
        if (gapMs > 0) await sleep(gapMs);
      }
      const used = process.cpuUsage(before);
      return { cpuMs: (used.user + used.system) / 1000 / calls, wallMs: percentile50(walls) };
    };

    for (let i = 0; i < WARM_UP_CALLS; i++) await product.file(product.calls++);
    // Their plans settle after a few calls (PostgreSQL keeps a generic plan from the sixth).
    for (const filing of filings.slice(1)) {
      for (let i = 0; i < 100; i++) await filing.file(filing.calls++);
    }
    console.log(
      `\n### An audience request's filing beside the floor's INSERT, ${engine}\n\n` +
        `${MUSICIANS} musicians of ${SONGS_EACH} songs, ${HISTORY} requests played before; CPU ms a call (the process, every thread), ` +
        `median wall ms in brackets; the ratios to the floor's CPU.\n`,
    );
    const names = filings.map((filing) => filing.name);
    console.log(
      `| round | back to back: ${names.join(' | ')} | ratios | ${GAP_MS} ms apart: ${names.join(' | ')} | ratios |`,
    );
    console.log(`|${'---|'.repeat(2 * filings.length + 3)}`);
    const show = (m: { cpuMs: number; wallMs: number }) =>
      `${m.cpuMs.toFixed(3)} (${m.wallMs.toFixed(3)})`;
    const cells = (results: Array<{ cpuMs: number; wallMs: number }>) => {
      const floorCpu = results.at(-1)!.cpuMs;
      const ratios = results.slice(0, -1).map((m) => (m.cpuMs / floorCpu).toFixed(2));
      return `${results.map(show).join(' | ')} | ${ratios.join(', ')}`;
    };
    for (let round = 1; round <= ROUNDS; round++) {
      if (database.kind === 'postgres') await sql`analyze`.execute(db);
      const backToBack = [];
      for (const filing of filings) backToBack.push(await measure(filing, CALLS, 0));
      const paced = [];
      for (const filing of filings) paced.push(await measure(filing, PACED_CALLS, GAP_MS));
      console.log(`| ${round} | ${cells(backToBack)} | ${cells(paced)} |`);
    }
  } finally {
    await database.close();
    await drop();
  }
}

await main();
process.exit(0);
