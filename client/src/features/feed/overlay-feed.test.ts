import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import { FEED_CLOSE, type FeedMessage } from '#shared/schemas/feed.ts';
import { followFeed, reconnectDelay, type OverlayConnection } from './overlay-feed.ts';

const hello: FeedMessage = {
  type: 'hello',
  at: '2026-01-01T20:00:00.000Z',
  data: { musician: { name: 'Band', slug: 'band' }, requests_enabled: true, queue: [] },
};

const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A stand-in feed server: `onConnection` decides what each new connection gets. */
async function feedServer(onConnection: (socket: ServerSocket, count: number) => void) {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  let count = 0;
  server.on('connection', (socket) => onConnection(socket, ++count));
  await new Promise((resolve) => server.once('listening', resolve));
  cleanups.push(() => {
    for (const client of server.clients) client.terminate();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const { port } = server.address() as { port: number };
  return { address: `ws://127.0.0.1:${port}/api/feed?token=t`, connections: () => count };
}

function follow(address: string) {
  const states: OverlayConnection[] = [];
  const received: FeedMessage[] = [];
  const stop = followFeed(address, {
    onMessage: (message) => received.push(message),
    onConnection: (connection) => states.push(connection),
  });
  cleanups.push(stop);
  return { states, received };
}

describe('reconnectDelay', () => {
  it('doubles from 1 s up to 30 s, shortened by at most half at random', () => {
    expect(reconnectDelay(0, () => 1)).toBe(1000);
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(3, () => 1)).toBe(8000);
    expect(reconnectDelay(20, () => 1)).toBe(30_000);
  });
});

describe('following the feed', () => {
  it('comes back after the server drops it, and is live again on hello', async () => {
    const server = await feedServer((socket, count) => {
      if (count === 1) socket.close(FEED_CLOSE.serverRestarting, 'restarting');
      else socket.send(JSON.stringify(hello));
    });
    const feed = follow(server.address);
    await expect.poll(() => feed.received.length, { timeout: 5000 }).toBe(1);
    expect(server.connections()).toBe(2);
    expect(feed.states.map((s) => s.state)).toEqual(['connecting', 'down', 'down', 'live']);
  });

  it('gives up, with the reason, when the token is refused', async () => {
    const server = await feedServer((socket) =>
      socket.close(FEED_CLOSE.tokenRefused, 'This feed token is wrong or was revoked.'),
    );
    const feed = follow(server.address);
    await expect
      .poll(() => feed.states.at(-1), { timeout: 5000 })
      .toEqual({ state: 'refused', reason: 'This feed token is wrong or was revoked.' });
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(server.connections()).toBe(1);
  });

  it('skips what it cannot read instead of failing', async () => {
    const server = await feedServer((socket) => {
      socket.send('not json');
      socket.send(JSON.stringify({ type: 'from.the.future', at: 'x', data: {} }));
      socket.send(JSON.stringify(hello));
    });
    const feed = follow(server.address);
    await expect.poll(() => feed.received.length, { timeout: 5000 }).toBe(1);
    expect(feed.received[0]!.type).toBe('hello');
  });
});
