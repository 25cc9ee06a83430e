import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import type { SongRequest } from '#shared/schemas/request.ts';
import {
  createSong,
  registerMusician,
  startShow,
  submitRequest,
  submitSuggestion,
  updateProfile,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';
import { connectDevice, refusedConnection } from '#server-test/helpers/test-device.ts';
import { pairStageDevice } from './pair-stage-device.ts';

const { app, url } = await startTestApp({}, { listen: true });

describe('a stage device live', () => {
  it('gets the queue, the show and the requests switch, never an email or a suggestion', async () => {
    const musician = await registerMusician(app);
    const song = await createSong(app, musician);
    const device = await pairStageDevice(app, musician);
    const tablet = await connectDevice(url, device.token);
    const laptop = await connectDevice(url, musician.token);

    await startShow(app, musician);
    await submitSuggestion(app, musician, { requester_email: 'jo@example.com' });
    const { id } = await submitRequest(app, song, { requester_email: 'fan@example.com' });
    await app.inject({
      method: 'PUT',
      url: `/api/requests/${id}/status`,
      headers: device.auth,
      payload: { status: 'up_next' },
    });
    await updateProfile(app, musician, { requests_enabled: false });

    const created = await tablet.waitFor<SongRequest>('request:created', (r) => r.id === id);
    expect(created).toMatchObject({ id, requester_name: 'Alex', requester_email: '' });
    await tablet.waitFor<SongRequest>('request:updated', (r) => r.status === 'up_next');
    await tablet.waitFor('show:updated');
    await tablet.waitFor(
      'profile:updated',
      (m: { requests_enabled: boolean }) => !m.requests_enabled,
    );
    // The musician's own laptop still gets everything, emails included.
    await laptop.waitFor('suggestion:created');
    const full = await laptop.waitFor<SongRequest>('request:created', (r) => r.id === id);
    expect(full.requester_email).toBe('fan@example.com');

    expect(tablet.received.map((event) => event.name)).not.toContain('suggestion:created');
    expect(tablet.received.map((event) => event.name)).not.toContain('songs:changed');
    expect(JSON.stringify(tablet.received)).not.toContain('@example.com');
  });

  it('is disconnected within a second of being removed, and its token then gets 401', async () => {
    const musician = await registerMusician(app);
    const device = await pairStageDevice(app, musician);
    const tablet = await connectDevice(url, device.token);
    // The musician's own device stays connected.
    const laptop = await connectDevice(url, musician.token);

    const disconnected = new Promise<string>((resolve) =>
      tablet.socket.once('disconnect', (reason) => resolve(reason)),
    );
    const removedAt = Date.now();
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/stage-devices/${device.id}`,
      headers: musician.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(await disconnected).toBe('io server disconnect');
    expect(Date.now() - removedAt).toBeLessThan(1000);

    const after = await app.inject({
      url: `/api/requests/musician/${musician.musician.id}`,
      headers: device.auth,
    });
    expect(after.statusCode).toBe(401);
    expect(await refusedConnection(url, device.token)).toBe(messages.sessionExpired);
    expect(laptop.socket.connected).toBe(true);
  });

  it('removing one device leaves the musician’s other stage devices connected', async () => {
    const musician = await registerMusician(app);
    const kept = await pairStageDevice(app, musician);
    const removed = await pairStageDevice(app, musician);
    const keptTablet = await connectDevice(url, kept.token);
    const removedTablet = await connectDevice(url, removed.token);
    const gone = new Promise<void>((resolve) =>
      removedTablet.socket.once('disconnect', () => resolve()),
    );

    await app.inject({
      method: 'DELETE',
      url: `/api/stage-devices/${removed.id}`,
      headers: musician.auth,
    });
    await gone;
    expect(keptTablet.socket.connected).toBe(true);
    const song = await createSong(app, musician);
    const { id } = await submitRequest(app, song);
    await keptTablet.waitFor<SongRequest>('request:created', (r) => r.id === id);
  });
});
