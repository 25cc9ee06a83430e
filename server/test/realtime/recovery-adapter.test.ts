/**
 * The embedded server's connection state recovery (recovery-adapter.ts), with a real Socket.IO
 * server and real clients: a device that drops for a moment gets exactly what it missed, and
 * nothing is kept that no device could ask for.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { RecoveryAdapter } from '#server/realtime/recovery-adapter.ts';

const MAX_DISCONNECTION_MS = 1_000;
const http = createServer();
const server = new Server(http, {
  adapter: RecoveryAdapter,
  connectionStateRecovery: { maxDisconnectionDuration: MAX_DISCONNECTION_MS },
});
server.on('connection', (socket) => {
  const room = socket.handshake.auth.room as string | undefined;
  if (room) void socket.join(room);
});
await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
const adapter = server.of('/').adapter as RecoveryAdapter;
afterAll(async () => {
  await server.close();
});

const clients: Socket[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.disconnect();
});

interface Device {
  socket: Socket;
  received: unknown[][];
}

async function connect(room: string): Promise<Device> {
  const socket = io(url, {
    auth: { room },
    transports: ['websocket'],
    reconnectionDelay: 20,
    reconnectionDelayMax: 50,
  });
  clients.push(socket);
  const received: unknown[][] = [];
  socket.onAny((...args: unknown[]) => received.push(args));
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, received };
}

/** Drops the transport the way a lost wifi does, and waits for the server to notice. */
async function drop(device: Device): Promise<void> {
  const left = new Promise<void>((resolve) => {
    const check = () =>
      server.of('/').sockets.has(device.socket.id!) ? setTimeout(check, 5) : resolve();
    check();
  });
  device.socket.io.engine.close();
  await left;
}

const reconnected = (device: Device) =>
  new Promise<void>((resolve) => device.socket.once('connect', () => resolve()));

const received = async (device: Device, count: number) =>
  expect.poll(() => device.received.length, { timeout: 3_000, interval: 5 }).toBe(count);

describe('recovery on the embedded server', () => {
  it("replays exactly the events of the device's rooms that it missed, in order and intact", async () => {
    const tablet = await connect('musician:ana');
    const other = await connect('musician:bo');
    server.to('musician:ana').emit('request:created', { id: 1, title: 'Jolene' });
    await received(tablet, 1);

    await drop(tablet);
    // The tablet was the room's only member: the events must be kept for it anyway.
    server.to('musician:ana').emit('request:created', { id: 2, title: 'Zoë 🎸', at: new Date(0) });
    server.to('musician:bo').emit('request:created', { id: 3 });
    server.to('musician:ana').except('musician:ana').emit('request:created', { id: 4 });
    server.to('musician:ana').emit('request:updated', { id: 2, votes: 2 }, Buffer.from([1, 2, 3]));
    const back = reconnected(tablet);
    await back;

    expect(tablet.socket.recovered).toBe(true);
    await received(tablet, 3);
    // Each event ends with its offset, which the client sends back when it reconnects.
    const missed = tablet.received.slice(1);
    expect(missed.map((args) => typeof args.at(-1))).toEqual(['string', 'string']);
    expect(missed.map((args) => args.slice(0, -1))).toEqual([
      ['request:created', { id: 2, title: 'Zoë 🎸', at: new Date(0).toJSON() }],
      ['request:updated', { id: 2, votes: 2 }, Buffer.from([1, 2, 3])],
    ]);
    await received(other, 1);
  });

  it('keeps nothing for rooms no device is in or may come back to', async () => {
    const before = adapter.kept;
    for (let i = 0; i < 100; i++) server.to('stage:nobody').emit('request:created', { id: i });
    server.to('musician:nobody').emit('request:created', { id: 0 });
    expect(adapter.kept).toBe(before);

    await connect('stage:someone');
    server.to('stage:someone').emit('request:created', { id: 1 });
    expect(adapter.kept).toBe(before + 1);
  });

  it('starts afresh a device away longer than the recovery window, and lets go of old events', async () => {
    const tablet = await connect('musician:cy');
    server.to('musician:cy').emit('request:created', { id: 1 });
    await received(tablet, 1);
    tablet.socket.io.reconnection(false);

    await drop(tablet);
    server.to('musician:cy').emit('request:created', { id: 2 });
    await new Promise((resolve) => setTimeout(resolve, MAX_DISCONNECTION_MS + 100));
    // Expired events go on the next broadcast.
    server.to('musician:elsewhere').emit('request:created', { id: 3 });
    expect(adapter.kept).toBe(0);

    tablet.socket.io.reconnection(true);
    tablet.socket.connect();
    await reconnected(tablet);
    expect(tablet.socket.recovered).toBe(false);
    expect(tablet.received).toHaveLength(1);
  });

  it('starts afresh a device whose offset this server never gave', async () => {
    const tablet = await connect('musician:di');
    server.to('musician:di').emit('request:created', { id: 1 });
    await received(tablet, 1);
    await drop(tablet);
    // What a device last heard from another process, or from this one before a restart.
    (tablet.socket as unknown as { _lastOffset: string })._lastOffset = 'elsewhere.1';
    await reconnected(tablet);
    expect(tablet.socket.recovered).toBe(false);
  });
});
