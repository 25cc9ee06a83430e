import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisSharing } from '#server/realtime/redis-sharing.ts';
import { freePort } from '#scripts/lib/server-process.ts';

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;
const ROOM = 'musician:local-first';

interface Process {
  io: Server;
  url: string;
  close(): Promise<void>;
}

/** A Socket.IO server as the app makes it with Redis, every socket in ROOM. */
async function startProcess(redisUrl: string): Promise<Process> {
  const sharing = redisSharing({ url: redisUrl });
  const http = createServer();
  const io = new Server(http, { adapter: sharing.adapter });
  io.on('connection', (socket) => void socket.join(ROOM));
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  return {
    io,
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    close: async () => {
      await io.close();
      await sharing.clients.close();
    },
  };
}

async function device(url: string): Promise<ClientSocket> {
  const socket = connect(url, { transports: ['websocket'], reconnection: false });
  await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
  return socket;
}

/** Every `event` the socket gets, in order, and a wait for the nth. */
function record(socket: ClientSocket, event: string) {
  const got: unknown[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  socket.on(event, (payload: unknown) => {
    got.push(payload);
    for (const waiter of waiters) if (got.length >= waiter.count) waiter.resolve();
  });
  return {
    got,
    until: (count: number) =>
      new Promise<void>((resolve) => {
        if (got.length >= count) resolve();
        else waiters.push({ count, resolve });
      }),
  };
}

// Socket.IO's cluster adapter delivered a broadcast to this process's own sockets only once Redis
// had answered the publish (local-first-broadcast.ts). Redis is stopped here (SIGSTOP) to tell the
// two apart without timing anything: its own sockets must get the push while Redis cannot answer.
describe.runIf(hasRedisServer)('a broadcast with Redis, this process first', () => {
  let redis: ChildProcess;
  let here: Process;
  let there: Process;
  let ours: ClientSocket;
  let theirs: ClientSocket;

  beforeAll(async () => {
    const port = await freePort();
    redis = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    let output = '';
    for await (const chunk of redis.stdout!) {
      output += String(chunk);
      if (output.includes('Ready to accept connections')) break;
    }
    const url = `redis://127.0.0.1:${port}`;
    here = await startProcess(url);
    there = await startProcess(url);
    ours = await device(here.url);
    theirs = await device(there.url);
    // The other process hears the room once its subscription is in place.
    const warm = record(theirs, 'warm');
    for (let i = 0; warm.got.length === 0 && i < 100; i++) {
      here.io.to(ROOM).emit('warm');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(warm.got.length).toBeGreaterThan(0);
  });

  afterAll(async () => {
    redis?.kill('SIGCONT');
    ours?.close();
    theirs?.close();
    await here?.close();
    await there?.close();
    redis?.kill('SIGTERM');
  });

  it('reaches its own sockets while Redis does not answer, and the others in order once it does', async () => {
    const atOurs = record(ours, 'request:created');
    const atTheirs = record(theirs, 'request:created');
    redis.kill('SIGSTOP');
    try {
      for (let i = 1; i <= 20; i++) here.io.to(ROOM).emit('request:created', { n: i });
      await atOurs.until(20);
      expect(atTheirs.got).toEqual([]);
    } finally {
      redis.kill('SIGCONT');
    }
    await atTheirs.until(20);
    const inOrder = Array.from({ length: 20 }, (_, i) => ({ n: i + 1 }));
    expect(atOurs.got).toEqual(inOrder);
    expect(atTheirs.got).toEqual(inOrder);
  });

  it('keeps a local emit on this process', async () => {
    const atOurs = record(ours, 'status');
    const atTheirs = record(theirs, 'status');
    here.io.local.to(ROOM).emit('status', 'local');
    here.io.to(ROOM).emit('status', 'everywhere');
    await atOurs.until(2);
    await atTheirs.until(1);
    expect(atOurs.got).toEqual(['local', 'everywhere']);
    // The local one was never published: the other process's first is the one after it.
    expect(atTheirs.got).toEqual(['everywhere']);
  });
});
