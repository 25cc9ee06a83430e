import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { messages } from '#shared/messages.ts';
import { registerMusician } from '#server-test/helpers/factories.ts';
import { startTestApp, testConfig } from '#server-test/helpers/test-app.ts';
import { createTestDatabase } from '#server-test/helpers/test-database.ts';
import { connectDevice } from '#server-test/helpers/test-device.ts';

describe('GET /api/ready', () => {
  it('answers 503 while starting, 200 once ready, 503 again while draining', async () => {
    const { app } = await startTestApp();
    const ready = () => app.inject({ url: '/api/ready' });

    // Built, database open, but main.ts has not warmed it up and made it listen yet.
    let res = await ready();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ detail: messages.serverStarting });

    app.readiness.ready();
    res = await ready();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });

    app.readiness.drain();
    res = await ready();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ detail: messages.serverDraining });
    // A draining process stays draining, and stays alive: the liveness check still passes.
    app.readiness.ready();
    expect((await ready()).statusCode).toBe(503);
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('closing the app', () => {
  it('answers the requests in flight before it closes the devices’ connections', async () => {
    const database = await createTestDatabase();
    const app = await buildApp(testConfig({ database: database.options, logLevel: 'silent' }));
    // A request that takes a while, as a large import or a slow database may.
    app.get('/slow', async () => {
      await sleep(400);
      return { done: true };
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      app.readiness.ready();
      const musician = await registerMusician(app);
      const device = await connectDevice(url, musician.token);
      device.socket.io.opts.reconnection = false;
      const events: string[] = [];
      const disconnected = new Promise<void>((resolve) =>
        device.socket.once('disconnect', (reason) => {
          events.push(`device: ${reason}`);
          resolve();
        }),
      );

      const slow = fetch(`${url}/slow`).then(async (res) => {
        events.push(`slow: ${res.status} ${JSON.stringify(await res.json())}`);
      });
      await sleep(100);
      const closed = app.close();
      await expect.poll(() => app.readiness.state).toBe('draining');
      await Promise.all([slow, disconnected, closed]);

      expect(events).toEqual(['slow: 200 {"done":true}', 'device: transport close']);
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
