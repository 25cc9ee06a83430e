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
import { pairStageDevice } from './pair-stage-device.ts';

const { app } = await startTestApp();

interface GuardedRoute {
  method: string;
  url: string;
  guard: string;
}

/**
 * Every API route with the guard each one runs, read from the app itself (the route table with
 * its hooks), so a route added later is checked without touching this test.
 */
function guardedRoutes(instance: FastifyInstance): GuardedRoute[] {
  const routes: GuardedRoute[] = [];
  // The table is a tree of path parts, each level indented by four characters.
  const parts: string[] = [];
  let current: Array<{ method: string; url: string }> = [];
  for (const line of instance
    .printRoutes({ includeHooks: true, commonPrefix: false })
    .split('\n')) {
    const route = /^(.*?)([/*]\S*) \(([A-Z, ]+)\)$/.exec(line);
    if (route) {
      const depth = route[1]!.length / 4 - 1;
      parts.length = depth;
      parts.push(route[2]!);
      const url = parts.join('');
      current = route[3]!.split(', ').map((method) => ({ method, url }));
      continue;
    }
    const hooks = /• \((?:onRequest|preHandler)\) \[(.*)\]$/.exec(line)?.[1] ?? '';
    for (const guard of ['requireMusician', 'requireQueueAccess', 'allowStageWhen']) {
      if (hooks.includes(`"${guard}()"`)) routes.push(...current.map((r) => ({ ...r, guard })));
    }
  }
  // HEAD mirrors GET; `*` is the not-found fallback, no route of its own.
  return routes.filter((route) => route.method !== 'HEAD' && !route.url.includes('*'));
}

/** A path with made-up but well-formed parameters: the guard answers before anything is looked up. */
function fillParams(url: string): string {
  return url.replace(/:(\w+)/g, (_, name: string) => (name === 'slug' ? 'some-band' : SOME_ID));
}

const SOME_ID = '00000000-0000-4000-8000-000000000000';
const SONG = { title: 'Jolene', artist: 'Dolly Parton', genres: [], moods: [], year: 1973 };

/**
 * Bodies and queries for routes whose validation runs before their guard (a preHandler runs
 * after validation): well-formed, so the answer shows what the guard decided. Every other route
 * gets `{}`. A new route whose body `{}` does not pass fails the test until it is added here.
 */
interface WellFormedInput {
  payload?: Record<string, unknown>;
  query?: Record<string, string>;
}

const WELL_FORMED: Record<string, WellFormedInput> = {
  'DELETE /api/account/delete': { payload: { confirmation_text: 'DELETE' } },
  'GET /api/profile/slug-available': { query: { slug: 'new-band' } },
  'PUT /api/profile/change-email': {
    payload: { new_email: 'taken@example.com', current_password: 'correct horse 1' },
  },
  'PUT /api/profile/change-password': {
    payload: { current_password: 'correct horse 1', new_password: 'Another horse 2!' },
  },
  'POST /api/playlists': { payload: { name: 'Set', song_ids: [] } },
  'PUT /api/playlists/:id': { payload: { name: 'Set', song_ids: [] } },
  'PUT /api/playlists/:id/songs': { payload: { song_ids: [SOME_ID] } },
  'PUT /api/playlists/:id/name': { payload: { name: 'Set' } },
  'PUT /api/playlists/:id/visibility': { payload: { is_public: true } },
  'POST /api/songs': { payload: SONG },
  'PUT /api/songs/:id': { payload: SONG },
  'PUT /api/songs/batch-edit': { payload: { song_ids: [SOME_ID], updates: { year: 1990 } } },
  'POST /api/songs/batch-delete': { payload: { song_ids: [SOME_ID] } },
  'PUT /api/song-suggestions/:id/status': { payload: { status: 'added' } },
  'POST /api/shows/start': { payload: { name: 'Taken over' } },
  'PUT /api/shows/:id': { payload: { name: 'Taken over' } },
  'POST /api/blocked-requesters': { payload: { request_id: SOME_ID } },
};

describe('a stage device', () => {
  it('is refused with 403 on every musician-only route', async () => {
    const musician = await registerMusician(app);
    const device = await pairStageDevice(app, musician);
    const musicianOnly = guardedRoutes(app).filter((r) => r.guard === 'requireMusician');
    expect(musicianOnly.length).toBeGreaterThan(40);
    expect(musicianOnly).toContainEqual(expect.objectContaining({ url: '/api/stage-devices' }));

    const answers: string[] = [];
    for (const route of musicianOnly) {
      const input = WELL_FORMED[`${route.method} ${route.url}`] ?? { payload: {} };
      const res = await app.inject({
        method: route.method as 'GET',
        url: fillParams(route.url),
        headers: device.auth,
        ...(route.method !== 'GET' && input.payload ? { payload: input.payload } : {}),
        ...(input.query ? { query: input.query } : {}),
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
      'PUT /api/requests/:id/status',
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
