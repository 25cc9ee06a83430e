import { describe, expect, it, vi } from 'vitest';
import { messages } from '#shared/messages.ts';
import type { SongRequest } from '#shared/schemas/request.ts';
import {
  createSong,
  registerMusician,
  startShow,
  submitRequest,
  submitSuggestion,
} from '../helpers/factories.ts';
import { startTestApp } from '../helpers/test-app.ts';
import { connectDevice, refusedConnection } from '../helpers/test-device.ts';

const { app, url, logs } = await startTestApp({}, { listen: true });

describe('live updates over Socket.IO', () => {
  it('pushes a request submitted over REST to every device of that musician, and no one else', async () => {
    const musician = await registerMusician(app);
    const stranger = await registerMusician(app);
    const song = await createSong(app, musician);
    const laptop = await connectDevice(url, musician.token);
    const tablet = await connectDevice(url, musician.token);
    const strangerPhone = await connectDevice(url, stranger.token);

    const { id } = await submitRequest(app, song, { requester_name: 'Robin' });

    const listed = await app.inject({
      url: `/api/requests/musician/${musician.musician.id}`,
      headers: musician.auth,
    });
    for (const device of [laptop, tablet]) {
      const pushed = await device.waitFor<SongRequest>('request:created', (r) => r.id === id);
      expect(pushed).toMatchObject({
        id,
        requester_name: 'Robin',
        status: 'pending',
        song_title: song.title,
      });
      // The event carries exactly what the REST API lists.
      expect(pushed).toEqual(listed.json().requests[0]);
    }
    // The stranger's own event arriving proves their device was listening all along.
    const strangerSong = await createSong(app, stranger);
    const own = await submitRequest(app, strangerSong);
    await strangerPhone.waitFor<SongRequest>('request:created', (r) => r.id === own.id);
    // Their own song (one songs:changed) and their own request: nothing of the other musician.
    expect(strangerPhone.received.map((e) => e.name)).toEqual(['songs:changed', 'request:created']);
    expect(strangerPhone.received[1]!.payload).toMatchObject({ id: own.id });
  });

  it('sends a status change made on one device to the others, with the REST JSON', async () => {
    const musician = await registerMusician(app);
    const song = await createSong(app, musician);
    const { id } = await submitRequest(app, song);
    const laptop = await connectDevice(url, musician.token);
    const tablet = await connectDevice(url, musician.token);

    const res = await app.inject({
      method: 'PUT',
      url: `/api/requests/${id}/status`,
      headers: musician.auth,
      payload: { status: 'up_next' },
    });
    const pushed = await tablet.waitFor<SongRequest>('request:updated', (r) => r.id === id);
    expect(pushed).toEqual(res.json());
    await laptop.waitFor('request:updated');
  });

  it('pushes deletions, suggestions, shows and profile changes', async () => {
    const musician = await registerMusician(app);
    const song = await createSong(app, musician);
    const device = await connectDevice(url, musician.token);

    const show = await startShow(app, musician, 'Live Test');
    expect(await device.waitFor('show:updated')).toMatchObject({
      active: true,
      show: { id: show.id },
    });

    const { id } = await submitRequest(app, song);
    await app.inject({ method: 'DELETE', url: `/api/requests/${id}`, headers: musician.auth });
    expect(await device.waitFor('request:deleted')).toEqual({ id });

    const suggestion = await submitSuggestion(app, musician);
    expect(await device.waitFor('suggestion:created')).toMatchObject({ id: suggestion.id });
    await app.inject({
      method: 'PUT',
      url: `/api/song-suggestions/${suggestion.id}/status`,
      headers: musician.auth,
      payload: { status: 'added' },
    });
    expect(await device.waitFor('suggestion:updated')).toMatchObject({ status: 'added' });

    await app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: musician.auth,
      payload: { requests_enabled: false },
    });
    expect(await device.waitFor('profile:updated')).toMatchObject({ requests_enabled: false });

    await app.inject({ method: 'DELETE', url: `/api/shows/${show.id}`, headers: musician.auth });
    expect(await device.waitFor('show:deleted')).toEqual({ id: show.id });
  });

  it('keeps delivering after the slug, and so the room, changes', async () => {
    const musician = await registerMusician(app);
    const song = await createSong(app, musician);
    const device = await connectDevice(url, musician.token);
    const newSlug = `renamed-${musician.musician.id.slice(0, 8)}`;

    await app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: musician.auth,
      payload: { slug: newSlug },
    });
    await device.waitFor('profile:updated');
    const { id } = await submitRequest(app, song);
    await device.waitFor<SongRequest>('request:created', (r) => r.id === id);
  });

  it('refuses a missing, wrong or revoked token with a clear message', async () => {
    expect(await refusedConnection(url, undefined)).toBe(messages.socketAuthMissing);
    expect(await refusedConnection(url, 'not-a-token')).toBe(messages.sessionExpired);

    const musician = await registerMusician(app);
    await app.inject({ method: 'POST', url: '/api/auth/logout', headers: musician.auth });
    expect(await refusedConnection(url, musician.token)).toBe(messages.sessionExpired);
  });

  it('disconnects the devices of a session when it logs out', async () => {
    const musician = await registerMusician(app);
    const device = await connectDevice(url, musician.token);
    const disconnected = new Promise<string>((resolve) =>
      device.socket.once('disconnect', resolve),
    );
    await app.inject({ method: 'POST', url: '/api/auth/logout', headers: musician.auth });
    expect(await disconnected).toBe('io server disconnect');
  });

  it('disconnects every device of the musician when the password is reset', async () => {
    const musician = await registerMusician(app);
    const device = await connectDevice(url, musician.token);
    const disconnected = new Promise<string>((resolve) =>
      device.socket.once('disconnect', resolve),
    );
    const forgot = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: musician.email },
    });
    expect(forgot.statusCode).toBe(200);
    // The code is stored and logged just after the answer (timing must not reveal accounts).
    const line = await vi.waitFor(() => {
      const found = logs()
        .reverse()
        .find((entry) => entry.to === musician.email);
      if (!found) throw new Error('no reset code in the log yet');
      return found;
    });
    const code = /reset code ([A-Z0-9]{8})/.exec(String(line?.msg))![1];
    await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email: musician.email, reset_code: code, new_password: 'a new password 1' },
    });
    expect(await disconnected).toBe('io server disconnect');
  });

  it('gives a device that dropped for a moment the events it missed', async () => {
    const musician = await registerMusician(app);
    const song = await createSong(app, musician);
    const tablet = await connectDevice(url, musician.token);
    // Let the server hand out a recovery offset (it comes with the first event).
    await submitRequest(app, song);
    await tablet.waitFor('request:created');

    const dropped = new Promise<void>((resolve) =>
      tablet.socket.once('disconnect', () => resolve()),
    );
    tablet.socket.io.engine.close();
    await dropped;
    // Another song: a second request for the same waiting song would merge into the first.
    const other = await createSong(app, musician, { title: 'Another Song' });
    const missed = await submitRequest(app, other, { requester_name: 'Missed While Offline' });

    await tablet.waitFor<SongRequest>('request:created', (r) => r.id === missed.id);
    expect(tablet.socket.recovered).toBe(true);
  });
});
