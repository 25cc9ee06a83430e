/**
 * What `bench:realtime` loads: the product (the built server, one or more processes) and the
 * floor (floor-server.ts), behind one shape so that the same shots go to both.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { Agent, request } from 'undici';
import { startServerProcess, V8_HEAP_FLAGS, type ServerProcess } from '../lib/server-process.ts';

/** A musician as the load generator addresses them; `nextSong` hands each request its own song. */
export interface Musician {
  token: string;
  /** The product's musician id, which its devices and its audience's requests name for routing. */
  id?: string;
  /**
   * The process this musician's requests and devices go to, as a balancer routing by musician
   * would send them; without it they are spread over the target's processes in turn.
   */
  url?: string;
  songIds: string[];
  nextSong: number;
}

export interface BenchTarget {
  name: string;
  urls: string[];
  pids: number[];
  /** `count` musicians, each with a repertoire of 80 songs. */
  seed(count: number): Promise<Musician[]>;
  stop(): Promise<unknown>;
}

const SONGS_EACH = 80;
export const agent = new Agent({ connections: 128, pipelining: 1 });

export async function call<T>(
  url: string,
  init: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  const res = await request(url, {
    method: init.body === undefined ? 'GET' : 'POST',
    dispatcher: agent,
    headers: { 'content-type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.body.text();
  if (res.statusCode >= 400) throw new Error(`${url} ${res.statusCode} ${text}`);
  return JSON.parse(text) as T;
}

/** The environment every product process runs with: limits raised only in their thresholds. */
export function productEnv(cpuProfDir: string | undefined): Record<string, string> {
  return {
    LOG_LEVEL: 'warn',
    RATE_LIMIT_AUTH_PER_MINUTE: '100000',
    RATE_LIMIT_PUBLIC_PER_MINUTE: '10000000',
    // One generator stands in for thousands of phones: the per-musician flood guard (1000 a
    // minute by default) and one address's share of it (400) would refuse most of it. Each
    // request still has its own requester.
    LIMIT_PER_MUSICIAN_PER_MINUTE: '10000000',
    LIMIT_PER_ADDRESS_PER_MINUTE: '10000000',
    // Its phones' +1s on one song come from that one address too.
    VOTE_LIMIT_PER_ADDRESS: '10000000',
    // A load generator, not phones: it solves no proof of work (PROOF_OF_WORK, issue 46).
    PROOF_OF_WORK: 'off',
    // And every device connects from this machine's one address (500 sockets by default).
    SOCKET_CONNECTIONS_PER_ADDRESS: '10000000',
    CLIENT_DIR: join(tmpdir(), 'no-client'),
    ...(cpuProfDir ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${cpuProfDir}` } : {}),
  };
}

/** A database of its own on the PostgreSQL server of `adminUrl`, dropped after `use`. */
export async function withFreshDatabase<T>(
  adminUrl: string,
  use: (url: string) => Promise<T>,
): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const dbName = `bench_${Date.now()}_${Math.random().toString(36).slice(2, 6)}`;
  await admin.query(`CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${dbName}`;
  try {
    return await use(dbUrl.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
}

/** The built server, one process per entry of `envs`, all on the same data. */
export async function startProduct(
  name: string,
  envs: Array<Record<string, string>>,
): Promise<BenchTarget & { servers: ServerProcess[] }> {
  const servers: ServerProcess[] = [];
  for (const env of envs) servers.push(await startServerProcess(env, { built: true }));
  const urls = servers.map((server) => server.url);
  return {
    name,
    servers,
    urls,
    pids: servers.map((server) => server.child.pid!),
    seed: (count) => seedProduct(urls[0]!, count),
    stop: () => Promise.all(servers.map((server) => server.stop())),
  };
}

/** Musicians registered through the API with the 80-song starter pack, ten at a time. */
async function seedProduct(url: string, count: number): Promise<Musician[]> {
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const seedOne = async (i: number): Promise<Musician> => {
    const { token, musician } = await call<{
      token: string;
      musician: { id: string; slug: string };
    }>(`${url}/api/auth/register`, {
      body: {
        name: `Bench ${run} ${i}`,
        email: `bench-${run}-${i}@example.com`,
        password: 'benchmark password 1',
      },
    });
    await call(`${url}/api/songs/starter-pack`, {
      body: {},
      headers: { authorization: `Bearer ${token}` },
    });
    const songs = await call<Array<{ id: string }>>(`${url}/api/musicians/${musician.slug}/songs`);
    if (songs.length < SONGS_EACH) throw new Error(`the starter pack has ${songs.length} songs`);
    return { token, id: musician.id, songIds: songs.map((song) => song.id), nextSong: 0 };
  };
  const musicians: Musician[] = [];
  for (let i = 0; i < count; i += 10) {
    const batch = Array.from({ length: Math.min(10, count - i) }, (_, j) => seedOne(i + j));
    musicians.push(...(await Promise.all(batch)));
  }
  return musicians;
}

/** floor-server.ts (SQLite) on `dataDir`, with the same Node flags as the product. */
export async function startFloor(dataDir: string): Promise<BenchTarget> {
  const child = spawn(
    process.execPath,
    [...V8_HEAP_FLAGS, join(import.meta.dirname, 'floor-server.ts'), dataDir],
    { env: { ...process.env, MALLOC_ARENA_MAX: '2' }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = once(child, 'exit');
  let port: string | undefined;
  for await (const line of createInterface({ input: child.stdout! })) {
    port = /^listening (\d+)$/.exec(line)?.[1];
    if (port) break;
  }
  if (!port) throw new Error('the floor server did not start');
  child.stdout!.resume(); // whatever else it prints, the pipe must not fill
  const url = `http://127.0.0.1:${port}`;
  return {
    name: 'floor',
    urls: [url],
    pids: [child.pid!],
    seed: async (count) => {
      const seeded = await call<Array<{ token: string; songIds: string[] }>>(`${url}/seed`, {
        body: { count, songs: SONGS_EACH },
      });
      return seeded.map((musician) => ({ ...musician, nextSong: 0 }));
    },
    stop: () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
