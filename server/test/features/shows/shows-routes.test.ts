import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import type { Show } from '#shared/schemas/show.ts';
import {
  createSong,
  registerMusician,
  startShow,
  submitRequest,
  type TestMusician,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

const { app } = await startTestApp();

const call = (
  musician: TestMusician,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => app.inject({ method, url, headers: musician.auth, ...(payload ? { payload } : {}) });

describe('shows', () => {
  it('starts, reports and stops a show', async () => {
    const musician = await registerMusician(app);
    expect((await call(musician, 'GET', '/api/shows/current')).json()).toEqual({
      active: false,
      show: null,
    });

    const started = await call(musician, 'POST', '/api/shows/start', {
      name: '  Friday at the Blue Note ',
    });
    expect(started.statusCode).toBe(201);
    expect(started.json()).toMatchObject({
      active: true,
      show: { name: 'Friday at the Blue Note', status: 'active' },
    });
    expect((await call(musician, 'GET', '/api/shows/current')).json().show.id).toBe(
      started.json().show.id,
    );

    const stopped = await call(musician, 'POST', '/api/shows/stop');
    expect(stopped.json()).toMatchObject({ active: false, show: { status: 'stopped' } });
    expect((await call(musician, 'GET', '/api/shows/current')).json()).toEqual({
      active: false,
      show: null,
    });
  });

  it('refuses a blank name with the spec message', async () => {
    const musician = await registerMusician(app);
    for (const payload of [{ name: '   ' }, {}]) {
      const res = await call(musician, 'POST', '/api/shows/start', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: messages.showNameRequired });
    }
  });

  it('runs at most one show at a time', async () => {
    const musician = await registerMusician(app);
    await startShow(app, musician, 'First');
    const second = await call(musician, 'POST', '/api/shows/start', { name: 'Second' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ detail: messages.showAlreadyRunning });
  });

  it('says so when stopping with no show running', async () => {
    const musician = await registerMusician(app);
    const res = await call(musician, 'POST', '/api/shows/stop');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: messages.noShowRunning });
  });

  it('archives (stopping it if running) and restores a show, listing all newest first', async () => {
    const musician = await registerMusician(app);
    const older = await startShow(app, musician, 'Older');
    await call(musician, 'POST', '/api/shows/stop');
    const newer = await startShow(app, musician, 'Newer');

    const archived = await call(musician, 'PUT', `/api/shows/${newer.id}/archive`);
    expect(archived.json()).toMatchObject({ id: newer.id, status: 'archived' });
    expect((await call(musician, 'GET', '/api/shows/current')).json().active).toBe(false);

    const list = (await call(musician, 'GET', '/api/shows')).json<Show[]>();
    expect(list.map((show) => [show.name, show.status])).toEqual([
      ['Newer', 'archived'],
      ['Older', 'stopped'],
    ]);

    const restored = await call(musician, 'PUT', `/api/shows/${newer.id}/restore`);
    expect(restored.json()).toMatchObject({ id: newer.id, status: 'active' });
    expect(older.id).not.toBe(newer.id);
  });

  it('restores an archived show to active, so new requests are filed under it again', async () => {
    const musician = await registerMusician(app);
    const song = await createSong(app, musician);
    const show = await startShow(app, musician, 'Saturday');
    await call(musician, 'PUT', `/api/shows/${show.id}/archive`);

    const restored = await call(musician, 'PUT', `/api/shows/${show.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ id: show.id, status: 'active' });
    expect((await call(musician, 'GET', '/api/shows/current')).json()).toMatchObject({
      active: true,
      show: { id: show.id, status: 'active' },
    });
    const request = await submitRequest(app, song);
    const listed = (
      await call(musician, 'GET', `/api/requests/musician/${musician.musician.id}`)
    ).json().requests;
    expect(listed.find((r: { id: string }) => r.id === request.id)).toMatchObject({
      show_id: show.id,
      show_name: 'Saturday',
    });
  });

  it('refuses to restore a show while another one is running, and leaves both alone', async () => {
    const musician = await registerMusician(app);
    const archived = await startShow(app, musician, 'Archived');
    await call(musician, 'PUT', `/api/shows/${archived.id}/archive`);
    const running = await startShow(app, musician, 'Running');

    const res = await call(musician, 'PUT', `/api/shows/${archived.id}/restore`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: messages.showRestoreWhileRunning });
    const list = (await call(musician, 'GET', '/api/shows')).json<Show[]>();
    expect(Object.fromEntries(list.map((show) => [show.id, show.status]))).toEqual({
      [archived.id]: 'archived',
      [running.id]: 'active',
    });
  });

  it('deletes a show together with its requests, keeping the others', async () => {
    const musician = await registerMusician(app);
    const song = await createSong(app, musician);
    const loose = await submitRequest(app, song);
    const show = await startShow(app, musician);
    await submitRequest(app, song);

    const res = await call(musician, 'DELETE', `/api/shows/${show.id}`);
    expect(res.json()).toEqual({ success: true, message: messages.showDeleted });
    const requests = (
      await call(musician, 'GET', `/api/requests/musician/${musician.musician.id}`)
    ).json().requests;
    expect(requests.map((r: { id: string }) => r.id)).toEqual([loose.id]);
    expect((await call(musician, 'GET', '/api/shows')).json()).toEqual([]);
  });

  it("answers 404 for another musician's show and leaves it alone", async () => {
    const owner = await registerMusician(app);
    const intruder = await registerMusician(app);
    const show = await startShow(app, owner);
    for (const [method, url] of [
      ['PUT', `/api/shows/${show.id}/archive`],
      ['PUT', `/api/shows/${show.id}/restore`],
      ['DELETE', `/api/shows/${show.id}`],
    ] as const) {
      const res = await call(intruder, method, url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: messages.showNotFound });
    }
    expect((await call(owner, 'GET', '/api/shows/current')).json().show.status).toBe('active');
    expect((await call(intruder, 'POST', '/api/shows/stop')).statusCode).toBe(409);
  });
});
