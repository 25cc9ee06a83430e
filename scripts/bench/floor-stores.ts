/**
 * Where the floor of `bench:realtime` keeps its songs and requests (floor-server.ts): one
 * statement a request, on PGlite (on disk, on the server's thread, as the product's embedded
 * default) or on SQLite through Node's own `node:sqlite` (WAL, `synchronous = NORMAL`: written to
 * the files at the commit, as PGlite's are). The same tables, the same statement: what the
 * engine alone costs a request.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';

export type FloorEngine = 'pglite' | 'sqlite';

export interface Submission {
  song_id: string;
  requester_name: string;
  requester_email: string;
  dedication?: string;
}

/** A filed request as the devices get it. */
export type FloorRow = Record<string, unknown> & { musician_id: string };

export interface FloorStore {
  /** Files the request with its song's musician: undefined for an unknown song. */
  file(submission: Submission): Promise<FloorRow | undefined>;
  /** `count` musicians of `songs` songs each: each one's room token and song ids. */
  seed(count: number, songs: number): Promise<Array<{ token: string; songIds: string[] }>>;
  close(): Promise<void>;
}

export async function openFloorStore(engine: FloorEngine, dataDir: string): Promise<FloorStore> {
  return engine === 'sqlite' ? openSqlite(dataDir) : openPglite(dataDir);
}

async function openPglite(dataDir: string): Promise<FloorStore> {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(dataDir);
  await db.exec(`
    CREATE TABLE IF NOT EXISTS songs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      musician_id uuid NOT NULL
    );
    CREATE TABLE IF NOT EXISTS requests (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      musician_id uuid NOT NULL,
      song_id uuid NOT NULL,
      requester_name text NOT NULL,
      requester_email text NOT NULL,
      dedication text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
  `);
  return {
    async file({ song_id, requester_name, requester_email, dedication }) {
      const { rows } = await db.query<FloorRow>(
        `INSERT INTO requests (musician_id, song_id, requester_name, requester_email, dedication)
         SELECT musician_id, id, $2, $3, $4 FROM songs WHERE id = $1
         RETURNING *`,
        [song_id, requester_name, requester_email, dedication ?? null],
      );
      return rows[0];
    },
    async seed(count, songs) {
      const musicians = [];
      for (let i = 0; i < count; i++) {
        const { rows } = await db.query<{ id: string; musician_id: string }>(
          `INSERT INTO songs (musician_id)
           SELECT m FROM (SELECT gen_random_uuid() AS m) one, generate_series(1, $1)
           RETURNING id, musician_id`,
          [songs],
        );
        musicians.push({ token: rows[0]!.musician_id, songIds: rows.map((row) => row.id) });
      }
      return musicians;
    },
    close: () => db.close(),
  };
}

async function openSqlite(dataDir: string): Promise<FloorStore> {
  const { DatabaseSync } = await import('node:sqlite');
  const db = new DatabaseSync(join(dataDir, 'floor.sqlite'));
  db.exec(`
    PRAGMA journal_mode = WAL;
    PRAGMA synchronous = NORMAL;
    CREATE TABLE IF NOT EXISTS songs (id text PRIMARY KEY, musician_id text NOT NULL);
    CREATE TABLE IF NOT EXISTS requests (
      id text PRIMARY KEY,
      musician_id text NOT NULL,
      song_id text NOT NULL,
      requester_name text NOT NULL,
      requester_email text NOT NULL,
      dedication text,
      created_at text NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ'))
    );
  `);
  // SQLite has no uuid of its own: the id is made here, as an application on it would.
  const insert = db.prepare(
    `INSERT INTO requests (id, musician_id, song_id, requester_name, requester_email, dedication)
     SELECT ?, musician_id, id, ?, ?, ? FROM songs WHERE id = ?
     RETURNING *`,
  );
  const addSong = db.prepare('INSERT INTO songs (id, musician_id) VALUES (?, ?)');
  return {
    file: async ({ song_id, requester_name, requester_email, dedication }) =>
      insert.get(randomUUID(), requester_name, requester_email, dedication ?? null, song_id) as
        FloorRow | undefined,
    async seed(count, songs) {
      const musicians = [];
      for (let i = 0; i < count; i++) {
        const token = randomUUID();
        const songIds = Array.from({ length: songs }, () => randomUUID());
        db.exec('BEGIN');
        for (const id of songIds) addSong.run(id, token);
        db.exec('COMMIT');
        musicians.push({ token, songIds });
      }
      return musicians;
    },
    close: async () => db.close(),
  };
}
