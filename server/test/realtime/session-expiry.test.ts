import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { createSong, registerMusician, submitRequest } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';
import { connectDevice, refusedConnection } from '#server-test/helpers/test-device.ts';
import { pairStageDevice } from '#server-test/features/stage-devices/pair-stage-device.ts';

const { app, url } = await startTestApp({}, { listen: true });

/** Every session of the musician ends `seconds` from now, as if it had been made long ago. */
async function expireSessionsIn(musicianId: string, seconds: number) {
  await app.database.kysely
    .updateTable('authSessions')
    .set({ expiresAt: new Date(Date.now() + seconds * 1000) })
    .where('musicianId', '=', musicianId)
    .execute();
}

const disconnected = (socket: Socket) =>
  new Promise<Socket.DisconnectReason>((resolve) => socket.once('disconnect', resolve));

describe('a live connection', () => {
  it('ends when its session expires, for the musician and a paired stage device', async () => {
    const musician = await registerMusician(app);
    const tablet = await pairStageDevice(app, musician);
    const other = await registerMusician(app);
    const otherLaptop = await connectDevice(url, other.token);
    // Long enough for both to connect on a busy machine; the test waits for no more than that.
    await expireSessionsIn(musician.musician.id, 6);
    const laptop = await connectDevice(url, musician.token);
    const stage = await connectDevice(url, tablet.token);
    const ended = [laptop, stage].map((device) => disconnected(device.socket as unknown as Socket));

    expect(await Promise.all(ended)).toEqual(['io server disconnect', 'io server disconnect']);
    expect(await refusedConnection(url, musician.token)).toBe(messages.sessionExpired);
    expect(await refusedConnection(url, tablet.token)).toBe(messages.sessionExpired);

    // Another musician's device, whose session runs on, still hears its own events.
    expect(otherLaptop.socket.connected).toBe(true);
    const song = await createSong(app, other);
    const request = await submitRequest(app, song);
    await otherLaptop.waitFor<{ id: string }>('request:created', (r) => r.id === request.id);
  }, 30_000);
});
