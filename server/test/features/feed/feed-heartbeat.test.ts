import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { feedHub } from '#server/features/feed/feed-hub.ts';
import { cleanUpLater } from '#server-test/helpers/cleanup.ts';
import { registerMusician } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';
import { createFeedToken } from './feed-client.ts';

const { app } = await startTestApp();
const HEARTBEAT_MS = 100;

/**
 * The hub on a WebSocket server of its own, with a heartbeat of 100 ms instead of 30 s, over the
 * app's real services and database.
 */
async function hubOnItsOwnServer() {
  const hub = feedHub({
    feed: app.services.feed,
    tokens: app.services.feedTokens,
    log: app.log,
    heartbeatMs: HEARTBEAT_MS,
  });
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  server.on('connection', (socket, request) => {
    const token = new URL(request.url ?? '/', 'http://localhost').searchParams.get('token');
    void hub.open(socket, token ?? undefined);
  });
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  cleanUpLater(async () => {
    await hub.close();
    await new Promise((resolve) => server.close(resolve));
  });
  return { hub, url: `ws://127.0.0.1:${port}/` };
}

function connect(url: string, token: string, autoPong: boolean) {
  const socket = new WebSocket(`${url}?token=${token}`, { autoPong });
  const opened = new Promise<void>((resolve) => socket.once('message', () => resolve()));
  const closed = new Promise<number>((resolve) => socket.once('close', resolve));
  cleanUpLater(() => socket.terminate());
  return { socket, opened, closed };
}

describe('heartbeat', () => {
  it('pings every interval and drops a feed whose pong does not come back', async () => {
    const musician = await registerMusician(app);
    const { token } = await createFeedToken(app, musician);
    const { hub, url } = await hubOnItsOwnServer();

    const answering = connect(url, token, true);
    const silent = connect(url, token, false);
    let pings = 0;
    answering.socket.on('ping', () => pings++);
    await Promise.all([answering.opened, silent.opened]);
    expect(hub.openCount(musician.musician.id)).toBe(2);

    // Terminated without a close frame: the client sees 1006.
    expect(await silent.closed).toBe(1006);
    await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_MS * 3));
    expect(answering.socket.readyState).toBe(WebSocket.OPEN);
    expect(pings).toBeGreaterThanOrEqual(3);
    expect(hub.openCount(musician.musician.id)).toBe(1);
  });

  it('closes feeds whose token is gone, even if the revocation was never heard', async () => {
    const musician = await registerMusician(app);
    const { id, token } = await createFeedToken(app, musician);
    const { hub, url } = await hubOnItsOwnServer();
    const feed = connect(url, token, true);
    await feed.opened;

    // Deleted behind the hub's back (an account deleted, a message lost between processes).
    await app.services.feedTokens.revoke(musician.musician.id, id);
    expect(await feed.closed).toBe(4401);
    expect(hub.openCount(musician.musician.id)).toBe(0);
  });
});

describe('after a gap in the Redis subscriptions', () => {
  it('closes every feed with 1012, and a feed that reconnects is told the state again', async () => {
    const musician = await registerMusician(app);
    const { token } = await createFeedToken(app, musician);
    const { hub, url } = await hubOnItsOwnServer();
    const feeds = [connect(url, token, true), connect(url, token, true)];
    await Promise.all(feeds.map((feed) => feed.opened));

    hub.reconnectAll();
    expect(await Promise.all(feeds.map((feed) => feed.closed))).toEqual([1012, 1012]);
    await expect.poll(() => hub.openCount(musician.musician.id)).toBe(0);

    const again = connect(url, token, true);
    const hello = new Promise<{ type: string }>((resolve) =>
      again.socket.once('message', (data) => resolve(JSON.parse(String(data)))),
    );
    expect((await hello).type).toBe('hello');
    expect(hub.openCount(musician.musician.id)).toBe(1);
  });
});
