import { describe, expect, it } from 'vitest';
import type { CurrentShowResponse, Show } from '#shared/schemas/show.ts';
import {
  createSong,
  registerMusician,
  setRequestStatus,
  startShow,
  submitRequest,
  type TestMusician,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

const { app } = await startTestApp();

const get = async <T>(musician: TestMusician, url: string) =>
  (await app.inject({ method: 'GET', url, headers: musician.auth })).json<T>();

/** Requests for `count` different songs, from different people (no repeat rule in the way). */
async function requestSongs(musician: TestMusician, count: number, label: string) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const song = await createSong(app, musician, { title: `${label} ${i}`, artist: 'Band' });
    const created = await submitRequest(app, song, {
      requester_email: `${label.toLowerCase()}-${i}@example.com`,
    });
    ids.push(created.id);
  }
  return ids;
}

describe('request counts of shows', () => {
  it('counts every request of each show and those played, on the list and the current show', async () => {
    const musician = await registerMusician(app);
    await requestSongs(musician, 1, 'Before');

    const friday = await startShow(app, musician, 'Friday');
    expect(friday).toMatchObject({ request_count: 0, played_count: 0 });
    const fridayIds = await requestSongs(musician, 3, 'Friday');
    await setRequestStatus(app, musician, fridayIds[0]!, 'played');
    await setRequestStatus(app, musician, fridayIds[1]!, 'rejected');
    await app.inject({ method: 'POST', url: '/api/shows/stop', headers: musician.auth });

    await startShow(app, musician, 'Saturday');
    const saturdayIds = await requestSongs(musician, 2, 'Saturday');
    await setRequestStatus(app, musician, saturdayIds[0]!, 'played');
    await setRequestStatus(app, musician, saturdayIds[1]!, 'played');

    const current = await get<CurrentShowResponse>(musician, '/api/shows/current');
    expect(current.show).toMatchObject({ name: 'Saturday', request_count: 2, played_count: 2 });

    const list = await get<Show[]>(musician, '/api/shows');
    const counts = Object.fromEntries(
      list.map((show) => [show.name, [show.request_count, show.played_count]]),
    );
    // The request before any show is in neither.
    expect(counts).toEqual({ Friday: [3, 1], Saturday: [2, 2] });
  });

  it("counts only the musician's own requests", async () => {
    const musician = await registerMusician(app);
    const other = await registerMusician(app);
    await startShow(app, musician, 'Mine');
    await startShow(app, other, 'Theirs');
    await requestSongs(other, 2, 'Theirs');

    const [mine] = await get<Show[]>(musician, '/api/shows');
    expect(mine).toMatchObject({ name: 'Mine', request_count: 0, played_count: 0 });
  });

  it('keeps the counts on a show stopped, renamed or archived', async () => {
    const musician = await registerMusician(app);
    const show = await startShow(app, musician, 'Sunday');
    const [id] = await requestSongs(musician, 1, 'Sunday');
    await setRequestStatus(app, musician, id!, 'played');

    const stopped = await app.inject({
      method: 'POST',
      url: '/api/shows/stop',
      headers: musician.auth,
    });
    expect(stopped.json<CurrentShowResponse>().show).toMatchObject({
      request_count: 1,
      played_count: 1,
    });
    const renamed = await app.inject({
      method: 'PUT',
      url: `/api/shows/${show.id}`,
      headers: musician.auth,
      payload: { name: 'Sunday matinee' },
    });
    expect(renamed.json<Show>()).toMatchObject({ request_count: 1, played_count: 1 });
    const archived = await app.inject({
      method: 'PUT',
      url: `/api/shows/${show.id}/archive`,
      headers: musician.auth,
    });
    expect(archived.json<Show>()).toMatchObject({ request_count: 1, played_count: 1 });
  });
});
