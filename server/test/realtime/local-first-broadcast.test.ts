import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisSharing } from '#server/realtime/redis-sharing.ts';
import { freePort } from '#scripts/lib/server-process.ts';
import { connectDevice, type TestDevice } from '../helpers/test-device.ts';
import { has } from '#server-test/helpers/requirements.ts';

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

/** The payloads of every `name` event the device got, in order. */
const payloadsOf = (device: TestDevice, name: string) =>
  device.received.filter((event) => event.name === name).map((event) => event.payload);

// Socket.IO's cluster adapter delivered a broadcast to this process's own sockets only once Redis
// had answered the publish (local-first-broadcast.ts). Redis is stopped here (SIGSTOP) to tell the
// two apart without timing anything: its own sockets must get the push while Redis cannot answer.
describe.runIf(has.redisServer)('a broadcast with Redis, this process first', () => {
  let redis: ChildProcess;
  let here: Process;
  let there: Process;
  let ours: TestDevice;
  let theirs: TestDevice;

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
    // Bare Socket.IO servers: the token is not asked for.
    ours = await connectDevice(here.url, '');
    theirs = await connectDevice(there.url, '');
    // The other process hears the room once its subscription is in place.
    for (let i = 0; payloadsOf(theirs, 'request:deleted').length === 0 && i < 100; i++) {
      here.io.to(ROOM).emit('request:deleted', { id: 'warm-up' });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(payloadsOf(theirs, 'request:deleted').length).toBeGreaterThan(0);
  });

  afterAll(async () => {
    redis?.kill('SIGCONT');
    await here?.close();
    await there?.close();
    redis?.kill('SIGTERM');
  });

  it('reaches its own sockets while Redis does not answer, and the others in order once it does', async () => {
    const last = (payload: { n: number }) => payload.n === 20;
    redis.kill('SIGSTOP');
    try {
      for (let i = 1; i <= 20; i++) here.io.to(ROOM).emit('request:created', { n: i });
      await ours.waitFor('request:created', last);
      expect(payloadsOf(theirs, 'request:created')).toEqual([]);
    } finally {
      redis.kill('SIGCONT');
    }
    await theirs.waitFor('request:created', last);
    const inOrder = Array.from({ length: 20 }, (_, i) => ({ n: i + 1 }));
    expect(payloadsOf(ours, 'request:created')).toEqual(inOrder);
    expect(payloadsOf(theirs, 'request:created')).toEqual(inOrder);
  });

  it('keeps a local emit on this process', async () => {
    here.io.local.to(ROOM).emit('request:updated', 'local');
    here.io.to(ROOM).emit('request:updated', 'everywhere');
    await ours.waitFor('request:updated', (payload) => payload === 'everywhere');
    await theirs.waitFor('request:updated');
    expect(payloadsOf(ours, 'request:updated')).toEqual(['local', 'everywhere']);
    // The local one was never published: the other process's first is the one after it.
    expect(payloadsOf(theirs, 'request:updated')).toEqual(['everywhere']);
  });
});
