import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SongRequest } from '../../../shared/src/schemas/request.ts';
import type { AuthResponse } from '../../../shared/src/schemas/auth.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import { connectDevice } from '../helpers/test-device.ts';

// Two real server processes behind an imaginary load balancer, sharing PostgreSQL and Redis.
const redisUrl = process.env.TEST_REDIS_URL;
const enabled = Boolean(process.env.TEST_DATABASE_URL && redisUrl);
const root = join(import.meta.dirname, '../../..');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const children: ChildProcess[] = [];

async function startProcess(databaseUrl: string): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, ['server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_AUTH_PER_MINUTE: '1000',
    },
    stdio: 'ignore',
  });
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  for (const started = Date.now(); Date.now() - started < 30_000;) {
    const status = await fetch(`${url}/api/health`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return url;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server process on ${url} did not become healthy`);
}

async function post<T>(url: string, body: object, token?: string): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

interface Cluster {
  processA: string;
  processB: string;
  token: string;
  request(name: string): Promise<{ id: string }>;
  stop(): Promise<void>;
}

async function startCluster(): Promise<Cluster> {
  const database = await createTestDatabase({ kind: 'postgres' });
  if (database.options.kind !== 'postgres') throw new Error('expected PostgreSQL');
  const processA = await startProcess(database.options.url);
  const processB = await startProcess(database.options.url);

  const { token } = await post<AuthResponse>(`${processA}/api/auth/register`, {
    name: `Cluster ${randomUUID().slice(0, 6)}`,
    email: `cluster-${randomUUID()}@example.com`,
    password: 'cluster pass 1',
  });
  const song = await post<{ id: string }>(
    `${processA}/api/songs`,
    { title: 'Hallelujah', artist: 'Leonard Cohen' },
    token,
  );
  const request = (name: string) =>
    post<{ id: string }>(`${processA}/api/requests`, {
      song_id: song.id,
      requester_name: name,
      requester_email: 'fan@example.com',
    });
  const stop = async () => {
    for (const child of children.splice(0)) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await database.drop();
  };
  return { processA, processB, token, request, stop };
}

describe.runIf(enabled)('several server processes with Redis', () => {
  let cluster: Cluster;
  beforeAll(async () => {
    cluster = await startCluster();
  });
  afterAll(() => cluster?.stop());

  it('delivers a request submitted to process A to a device connected to process B', async () => {
    const deviceOnB = await connectDevice(cluster.processB, cluster.token);
    const { id } = await cluster.request('Via A');
    const pushed = await deviceOnB.waitFor<SongRequest>('request:created', (r) => r.id === id);
    expect(pushed.requester_name).toBe('Via A');
  });

  it('recovers missed events when the device comes back through the other process', async () => {
    const device = await connectDevice(cluster.processA, cluster.token);
    await cluster.request('Before the drop');
    await device.waitFor('request:created');

    // The load balancer sends the reconnect to process B this time.
    const dropped = new Promise<void>((resolve) =>
      device.socket.once('disconnect', () => resolve()),
    );
    (device.socket.io as unknown as { uri: string }).uri = cluster.processB;
    device.socket.io.engine.close();
    await dropped;
    const missed = await cluster.request('While away');

    await device.waitFor<SongRequest>('request:created', (r) => r.id === missed.id);
    expect(device.socket.recovered).toBe(true);
  });
});
