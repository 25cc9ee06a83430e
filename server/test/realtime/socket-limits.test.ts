import { io, Manager, type Socket } from 'socket.io-client';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '#shared/messages.ts';
import { AUDIENCE_NAMESPACE } from '#shared/realtime.ts';
import { registerMusician } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';
import { connectAudience, connectDevice } from '#server-test/helpers/test-device.ts';

/**
 * Limits of the live connections: emits per socket (a flood is answered by disconnecting, not by
 * doing the work) and sockets per client address. Each test has its own app, so its sockets
 * are the only ones its address holds.
 */

const BURST = 5;
const limitedApp = (connectionsPerAddress: number) =>
  startTestApp(
    { socketLimits: { connectionsPerAddress, emitBurst: BURST, emitsPerSecond: 1 } },
    { listen: true },
  );
// One app floods, another is crowded: each counts only its own sockets.
const flooded = await limitedApp(100);
const crowded = await limitedApp(3);
// Behind one proxy, one socket per address.
const proxied = await startTestApp(
  { trustProxy: 1, socketLimits: { connectionsPerAddress: 1, emitBurst: 30, emitsPerSecond: 5 } },
  { listen: true },
);

const disconnected = (socket: Socket) =>
  new Promise<Socket.DisconnectReason>((resolve) => socket.once('disconnect', resolve));

/** Connecting must fail; resolves with the error the client saw. */
function refused(socket: Socket): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    socket.once('connect_error', (error) => resolve(error.message));
    socket.once('connect', () => reject(new Error('connected past the limit')));
  });
}

describe('a flood of emits', () => {
  it('disconnects an audience socket before doing the work of every emit', async () => {
    const { app, url } = flooded;
    const lookups = vi.spyOn(app.services.requests, 'statusesByTokens');
    const phone = await connectAudience(url);
    const gone = disconnected(phone.socket);
    let answered = 0;
    for (let i = 0; i < 200; i++) {
      phone.socket.emit('request:follow', [`token-${i}`], () => answered++);
    }
    expect(await gone).toBe('io server disconnect');
    // The burst, and at most what the allowance refilled meanwhile (one a second).
    expect(lookups.mock.calls.length).toBeLessThanOrEqual(BURST + 3);
    expect(answered).toBeLessThanOrEqual(BURST + 3);
    lookups.mockRestore();
    // An ordinary page, connecting anew, is served.
    const again = await connectAudience(url);
    expect(await again.followRequests([])).toEqual([]);
  });

  it("disconnects a musician's device that floods its namespace", async () => {
    const { app, url } = flooded;
    const musician = await registerMusician(app);
    const device = await connectDevice(url, musician.token);
    const raw = device.socket as unknown as Socket;
    const gone = disconnected(raw);
    for (let i = 0; i < 200; i++) raw.emit('anything', i);
    expect(await gone).toBe('io server disconnect');
  });
});

describe('sockets per address', () => {
  const { app, url } = crowded;
  const audienceSockets = () => app.io.of(AUDIENCE_NAMESPACE).sockets.size;

  it('refuses one past the limit, counting every namespace, and admits again when one leaves', async () => {
    const musician = await registerMusician(app);
    const phones = [await connectAudience(url), await connectAudience(url)];
    const device = await connectDevice(url, musician.token);

    // Refused at the handshake, before Socket.IO holds anything for it.
    const options = { transports: ['websocket'], reconnection: false, forceNew: true };
    await refused(io(`${url}${AUDIENCE_NAMESPACE}`, options));
    await refused(io(url, { ...options, auth: { token: musician.token } }));
    expect(audienceSockets()).toBe(2);
    expect(app.io.of('/').sockets.size).toBe(1);

    phones[0]!.socket.disconnect();
    await expect.poll(audienceSockets).toBe(1);
    const next = await connectAudience(url);
    expect(next.socket.connected).toBe(true);
    // The next test starts with the address holding no socket.
    for (const socket of [phones[1]!.socket, next.socket, device.socket]) socket.disconnect();
    await expect.poll(() => audienceSockets() + app.io.of('/').sockets.size).toBe(0);
  });

  it('refuses, saying why, a socket past the limit on a connection opened below it', async () => {
    // Four connections open while the address holds no socket; their sockets then join.
    const managers = [1, 2, 3, 4].map(
      () =>
        new Manager(url, { transports: ['websocket'], reconnection: false, autoConnect: false }),
    );
    await Promise.all(
      managers.map(
        (manager) =>
          new Promise<void>((resolve, reject) =>
            manager.open((err) => (err ? reject(err) : resolve())),
          ),
      ),
    );
    const sockets = managers.map((manager) => manager.socket(AUDIENCE_NAMESPACE));
    for (const socket of sockets.slice(0, 3)) {
      socket.connect();
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    }
    sockets[3]!.connect();
    expect(await refused(sockets[3]!)).toBe(messages.socketConnectionsExceeded);
    expect(audienceSockets()).toBe(3);
    for (const socket of sockets) socket.disconnect();
  });
});

describe('behind a trusted proxy', () => {
  it("counts each client by the address the proxy names, not the proxy's", async () => {
    const { url } = proxied;
    const from = (client: string) =>
      io(`${url}${AUDIENCE_NAMESPACE}`, {
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        extraHeaders: { 'x-forwarded-for': client },
      });
    const connected = (socket: Socket) =>
      new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
    const first = from('203.0.113.1');
    const second = from('203.0.113.2');
    await Promise.all([connected(first), connected(second)]);
    await refused(from('203.0.113.1'));
    for (const socket of [first, second]) socket.disconnect();
  });
});
