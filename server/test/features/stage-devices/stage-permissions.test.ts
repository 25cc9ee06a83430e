import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import type { Musician } from '#shared/schemas/musician.ts';
import type { SongRequest, UpdatesResponse } from '#shared/schemas/request.ts';
import {
  createSong,
  registerMusician,
  startShow,
  submitRequest,
  submitSuggestion,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';
import { guardsByRoute } from '#server-test/fuzz/route-table.ts';
import { pairStageDevice } from './pair-stage-device.ts';

const { app } = await startTestApp();

interface GuardedRoute {
  method: string;
  url: string;
  guard: string;
}

/**
 * Every API route with the guard each one runs, read from the app itself (the route table with
 * its hooks), so a route added later is checked without touching this test. The narrowest guard
 * names a route: PUT /api/profile signs in with requireQueueAccess, then allowStageWhen decides
 * what a stage device may change there.
 */
function guardedRoutes(instance: FastifyInstance): GuardedRoute[] {
  const routes: GuardedRoute[] = [];
  for (const [key, guards] of guardsByRoute(instance)) {
    const [method, url] = key.split(' ') as [string, string];
    // HEAD mirrors GET; `*` is the not-found fallback, no route of its own.
    if (method === 'HEAD' || url.includes('*')) continue;
    const guard = ['allowStageWhen', 'requireQueueAccess', 'requireMusician'].find((name) =>
      guards.includes(name),
    );
    if (guard) routes.push({ method, url, guard });
  }
  return routes;
}

/** A path with made-up but well-formed parameters: the guard answers before anything is looked up. */
function fillParams(url: string): string {
  return url.replace(/:(\w+)/g, (_, name: string) => (name === 'slug' ? 'some-band' : SOME_ID));
}

const SOME_ID = '00000000-0000-4000-8000-000000000000';

describe('a stage device', () => {
  it('is refused with 403 on every musician-only route', async () => {
    const musician = await registerMusician(app);
    const device = await pairStageDevice(app, musician);
    const musicianOnly = guardedRoutes(app).filter((r) => r.guard === 'requireMusician');
    expect(musicianOnly.length).toBeGreaterThan(40);
    expect(musicianOnly).toContainEqual(expect.objectContaining({ url: '/api/stage-devices' }));

    // The guard runs on request, before the body is read: even an empty one gets the 403.
    const answers: string[] = [];
    for (const route of musicianOnly) {
      const res = await app.inject({
        method: route.method as 'GET',
        url: fillParams(route.url),
        headers: device.auth,
        ...(route.method !== 'GET' ? { payload: {} } : {}),
      });
      answers.push(`${route.method} ${route.url} ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    const forbidden = `403 ${JSON.stringify({ detail: messages.stageScopeForbidden })}`;
    expect(answers.filter((answer) => !answer.endsWith(forbidden))).toEqual([]);
  });

  it('may use exactly the routes of the On Stage screen', () => {
    const open = guardedRoutes(app)
      .filter((r) => r.guard !== 'requireMusician')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(open).toEqual([
      'GET /api/profile',
      'GET /api/requests/musician/:id',
      'GET /api/requests/updates/:musicianId',
      'GET /api/shows',
      'GET /api/shows/current',
      // A stage device can sign itself out.
      'POST /api/auth/logout',
      'PUT /api/profile',
      'PUT /api/requests/:id/position',
      'PUT /api/requests/:id/status',
      // The On Stage screen's "Received" on a payment-app tip (issue 45).
      'PUT /api/tips/:id/received',
    ]);
  });

  it('reads and works the queue, with every email blanked', async () => {
    const musician = await registerMusician(app);
    const song = await createSong(app, musician);
    const show = await startShow(app, musician);
    const request = await submitRequest(app, song, { requester_email: 'fan@example.com' });
    await submitSuggestion(app, musician, { requester_email: 'jo@example.com' });
    const device = await pairStageDevice(app, musician);
    const get = (url: string) => app.inject({ method: 'GET', url, headers: device.auth });

    const list = await get(`/api/requests/musician/${musician.musician.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.json<{ requests: SongRequest[] }>().requests).toEqual([
      expect.objectContaining({ id: request.id, requester_name: 'Alex', requester_email: '' }),
    ]);

    const updates = await get(`/api/requests/updates/${musician.musician.id}`);
    expect(updates.statusCode).toBe(200);
    expect(updates.json<UpdatesResponse>()).toMatchObject({
      requests: [{ id: request.id, requester_email: '' }],
      suggestions: [],
    });

    const current = await get('/api/shows/current');
    expect(current.json()).toMatchObject({ active: true, show: { id: show.id } });
    const shows = await get('/api/shows');
    expect(shows.json()).toEqual([expect.objectContaining({ id: show.id })]);

    const profile = await get('/api/profile');
    expect(profile.json<Musician>()).toMatchObject({ id: musician.musician.id, email: '' });

    const moved = await app.inject({
      method: 'PUT',
      url: `/api/requests/${request.id}/status`,
      headers: device.auth,
      payload: { status: 'up_next' },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<SongRequest>()).toMatchObject({ status: 'up_next', requester_email: '' });

    for (const res of [list, updates, current, shows, profile, moved]) {
      expect(res.body).not.toContain('@example.com');
    }
  });

  it('only sees its own musician’s queue', async () => {
    const musician = await registerMusician(app);
    const other = await registerMusician(app);
    const otherRequest = await submitRequest(app, await createSong(app, other));
    const device = await pairStageDevice(app, musician);

    const list = await app.inject({
      method: 'GET',
      url: `/api/requests/musician/${other.musician.id}`,
      headers: device.auth,
    });
    expect(list.statusCode).toBe(404);
    const move = await app.inject({
      method: 'PUT',
      url: `/api/requests/${otherRequest.id}/status`,
      headers: device.auth,
      payload: { status: 'played' },
    });
    expect(move.statusCode).toBe(404);
  });

  it('may turn requests on and off, and change nothing else of the profile', async () => {
    const musician = await registerMusician(app);
    const device = await pairStageDevice(app, musician);
    const put = (payload: Record<string, unknown>) =>
      app.inject({ method: 'PUT', url: '/api/profile', headers: device.auth, payload });

    const off = await put({ requests_enabled: false });
    expect(off.statusCode).toBe(200);
    expect(off.json<Musician>()).toMatchObject({ requests_enabled: false, email: '' });

    for (const payload of [
      { requests_enabled: true, name: 'Taken over' },
      { name: 'Taken over' },
      { slug: 'taken-over' },
      {},
    ]) {
      const res = await put(payload);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: messages.stageScopeForbidden });
    }
    const profile = await app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: musician.auth,
    });
    expect(profile.json<Musician>()).toMatchObject({
      name: musician.musician.name,
      slug: musician.musician.slug,
      requests_enabled: false,
    });
  });

  it('may set the request window (its "+10 min"), and nothing else with it', async () => {
    const musician = await registerMusician(app);
    const device = await pairStageDevice(app, musician);
    const put = (payload: Record<string, unknown>) =>
      app.inject({ method: 'PUT', url: '/api/profile', headers: device.auth, payload });
    const closeAt = new Date(Date.now() + 20 * 60_000).toISOString();

    const extended = await put({ requests_close_at: closeAt });
    expect(extended.statusCode).toBe(200);
    expect(extended.json<Musician>()).toMatchObject({ requests_close_at: closeAt, email: '' });
    const both = await put({ requests_open_at: null, requests_close_at: null });
    expect(both.statusCode).toBe(200);

    const withName = await put({ requests_close_at: closeAt, name: 'Taken over' });
    expect(withName.statusCode).toBe(403);
    expect(withName.json()).toEqual({ detail: messages.stageScopeForbidden });
  });

  it('still leaves the musician’s own sessions able to do everything', async () => {
    const musician = await registerMusician(app);
    await pairStageDevice(app, musician);
    const res = await app.inject({ method: 'GET', url: '/api/songs', headers: musician.auth });
    expect(res.statusCode).toBe(200);
    const profile = await app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: musician.auth,
    });
    expect(profile.json<Musician>().email).toBe(musician.email);
  });
});
