/**
 * Where the floor of `bench:realtime` keeps its songs and requests (floor-server.ts): SQLite
 * through Node's own `node:sqlite`, the product's embedded engine, in WAL with
 * `synchronous = FULL`: SQLite fsyncs each commit before it returns, so that the floor, like the
 * product, answers a request only once it is on the disk. One statement a request, nothing of
 * ours: what the engine alone costs a request.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

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

export function openFloorStore(dataDir: string): FloorStore {
  const db = new DatabaseSync(join(dataDir, 'floor.sqlite'));
  db.exec(`
    PRAGMA journal_mode = WAL;
    PRAGMA synchronous = FULL;
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
