import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { collectGarbage } from '#server-test/helpers/collect-garbage.ts';
import { registerMusician } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';
import { connectDevice } from '#server-test/helpers/test-device.ts';

const { app, url } = await startTestApp({}, { listen: true });

describe('an idle device holds only what it needs', () => {
  it('lets its upgrade request go while it stays connected', async () => {
    const musician = await registerMusician(app);
    const upgrades: Array<WeakRef<IncomingMessage>> = [];
    const note = (request: IncomingMessage) => void upgrades.push(new WeakRef(request));
    app.server.prependListener('upgrade', note);

    const device = await connectDevice(url, musician.token);
    app.server.removeListener('upgrade', note);
    expect(upgrades).toHaveLength(1);

    // Let the handshake's own timers and microtasks finish, then collect.
    await new Promise((resolve) => setTimeout(resolve, 50));
    collectGarbage();
    collectGarbage();

    expect(device.socket.connected).toBe(true);
    // Engine.IO 6.6 keeps it through a WebSocketResponse for the life of the connection unless
    // releaseUpgradeRequest (server/src/plugins/engine-memory.ts) lets it go.
    expect(upgrades[0]!.deref()).toBeUndefined();
  });
});
