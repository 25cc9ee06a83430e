import { describe, expect, it } from 'vitest';
import { ALL_REQUESTS_SHOWN, COMPLETED_SHOWN } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import type { RequestsResponse, SongRequest, UpdatesResponse } from '#shared/schemas/request.ts';
import { TOMBSTONE_TTL_MS } from '#server/events/deleted-requests.ts';
import {
  createSong,
  registerMusician,
  submitRequest,
  type TestMusician,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

const { app } = await startTestApp();
const db = app.database.kysely;

type Status = SongRequest['status'];

/**
 * Months of history in one insert (the submit path limits and merges requests, which is not
 * what these tests are about): `count` requests one minute apart, oldest first.
 */
async function history(musician: TestMusician, count: number, status: (i: number) => Status) {
  const song = await createSong(app, musician);
  const start = Date.now() - count * 60_000 - 3_600_000;
  const rows = Array.from({ length: count }, (_, i) => ({
    musicianId: musician.musician.id,
    songId: song.id,
    songTitle: `Song ${i}`,
    songArtist: 'Artist',
    requesterName: `Person ${i}`,
    requesterEmail: `person${i}@example.com`,
    status: status(i),
    createdAt: new Date(start + i * 60_000),
    updatedAt: new Date(start + i * 60_000 + 1000),
  }));
  await db.insertInto('requests').values(rows).execute();
  return song;
}

async function get<T>(musician: TestMusician, url: string) {
  const res = await app.inject({ url, headers: musician.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

const list = (musician: TestMusician, query = '') =>
  get<RequestsResponse>(musician, `/api/requests/musician/${musician.musician.id}${query}`);
const updates = (musician: TestMusician, query = '') =>
  get<UpdatesResponse>(musician, `/api/requests/updates/${musician.musician.id}${query}`);
const since = (cursor: string | undefined) => `?since=${encodeURIComponent(cursor!)}`;

describe('paged request lists: the working set, changes since a cursor, older pages', () => {
  it('answers without a cursor every open request, the newest ones and the last completed', async () => {
    const musician = await registerMusician(app);
    // 200 requests: the first 20 still open (very old!), the rest played or rejected.
    await history(musician, 200, (i) => (i < 20 ? 'pending' : i % 2 ? 'played' : 'rejected'));
    const answer = await list(musician);
    const names = new Set(answer.requests.map((r) => r.requester_name));
    for (let i = 0; i < 20; i += 1) expect(names.has(`Person ${i}`)).toBe(true);
    for (let i = 200 - ALL_REQUESTS_SHOWN; i < 200; i += 1) {
      expect(names.has(`Person ${i}`)).toBe(true);
    }
    expect(answer.requests).toHaveLength(20 + ALL_REQUESTS_SHOWN);
    expect(COMPLETED_SHOWN).toBeLessThanOrEqual(ALL_REQUESTS_SHOWN);
    expect(answer.complete).toBe(true);
    expect(answer.deleted_ids).toEqual([]);
    expect(typeof answer.next_since).toBe('string');
    expect(typeof answer.next_before).toBe('string');
    // Newest first, like the full list always was.
    const created = answer.requests.map((r) => r.created_at);
    expect(created).toEqual([...created].sort().reverse());
    // The polling endpoint answers the same working set, with the suggestions.
    const polled = await updates(musician);
    expect(polled.requests.map((r) => r.id)).toEqual(answer.requests.map((r) => r.id));
    expect(polled.suggestions).toEqual([]);
  });

  it('pages older history with before: every request once, then next_before null', async () => {
    const musician = await registerMusician(app);
    await history(musician, 130, () => 'played');
    // Three requests created in the same microsecond: the id breaks the tie.
    const song = await createSong(app, musician, { title: 'Tied' });
    const tie = new Date(Date.now() - 400 * 60_000);
    await db
      .insertInto('requests')
      .values(
        ['x', 'y', 'z'].map((name) => ({
          musicianId: musician.musician.id,
          songId: song.id,
          songTitle: 'Tied',
          songArtist: 'Artist',
          requesterName: `Tie ${name}`,
          requesterEmail: `${name}@example.com`,
          status: 'played' as const,
          createdAt: tie,
          updatedAt: tie,
        })),
      )
      .execute();
    const first = await list(musician);
    const seen = first.requests.map((r) => r.id);
    let before = first.next_before;
    let pages = 0;
    while (before) {
      const page = await list(musician, `?before=${encodeURIComponent(before)}&limit=17`);
      expect(page.requests.length).toBeLessThanOrEqual(17);
      seen.push(...page.requests.map((r) => r.id));
      before = page.next_before;
      pages += 1;
    }
    expect(pages).toBeGreaterThan(1);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(133);
  });

  it('answers since a cursor only what changed, new requests and deleted ids', async () => {
    const musician = await registerMusician(app);
    const stranger = await registerMusician(app);
    const song = await history(musician, 80, () => 'played');
    const waiting = await submitRequest(app, song, { requester_name: 'Waiting' });
    const doomed = await submitRequest(app, await createSong(app, musician, { title: 'Other' }));
    const strangerRequest = await submitRequest(app, await createSong(app, stranger));
    const first = await updates(musician);

    // Nothing changed yet: at most the rows of the last few seconds (the overlap), no deletions.
    const quiet = await updates(musician, since(first.next_since));
    expect(quiet.complete).toBe(false);
    expect(quiet.deleted_ids).toEqual([]);
    expect(quiet.requests.length).toBeLessThanOrEqual(2);

    const moved = await app.inject({
      method: 'PUT',
      url: `/api/requests/${waiting.id}/status`,
      headers: musician.auth,
      payload: { status: 'up_next' },
    });
    expect(moved.statusCode).toBe(200);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/requests/${doomed.id}`,
      headers: musician.auth,
    });
    expect(deleted.statusCode).toBe(200);
    await app.inject({
      method: 'DELETE',
      url: `/api/requests/${strangerRequest.id}`,
      headers: stranger.auth,
    });
    const fresh = await submitRequest(app, await createSong(app, musician, { title: 'New' }));

    const delta = await updates(musician, since(quiet.next_since));
    expect(delta.complete).toBe(false);
    expect(delta.deleted_ids).toEqual([doomed.id]);
    const byId = new Map(delta.requests.map((r) => [r.id, r]));
    expect(byId.get(waiting.id)?.status).toBe('up_next');
    expect(byId.get(fresh.id)?.status).toBe('pending');
    // None of the 80 old ones, nothing of the other musician.
    expect(delta.requests.length).toBeLessThanOrEqual(3);
    expect(byId.has(strangerRequest.id)).toBe(false);
    // The same cursor works on the musician list endpoint.
    const listed = await list(musician, since(quiet.next_since));
    expect(listed.deleted_ids).toEqual([doomed.id]);
    expect(listed.requests.map((r) => r.id).sort()).toEqual([...byId.keys()].sort());
  });

  it('answers a cursor older than the deletion memory with the complete working set', async () => {
    const musician = await registerMusician(app);
    const song = await createSong(app, musician);
    await submitRequest(app, song);
    const old = Buffer.from(
      JSON.stringify({
        f: new Date(Date.now() - 2 * TOMBSTONE_TTL_MS).toISOString(),
        i: Date.now() - 2 * TOMBSTONE_TTL_MS,
      }),
    ).toString('base64url');
    const answer = await updates(musician, `?since=${old}`);
    expect(answer.complete).toBe(true);
    expect(answer.requests).toHaveLength(1);
  });

  it('refuses a bad cursor or page size with a 400 a person can act on, never a 500', async () => {
    const musician = await registerMusician(app);
    const base = `/api/requests/musician/${musician.musician.id}`;
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const bad: [string, string][] = [
      ['?since=not*a*cursor', messages.requestsCursorInvalid],
      [`?since=${b64({ f: 'yesterday', i: 1 })}`, messages.requestsCursorInvalid],
      [`?since=${b64({ f: new Date().toISOString(), i: 1.5 })}`, messages.requestsCursorInvalid],
      [`?since=${b64([1, 2])}`, messages.requestsCursorInvalid],
      ['?since=e30', messages.requestsCursorInvalid],
      ['?before=!!!', messages.requestsCursorInvalid],
      ['?before=%00%00', ''],
      [
        `?before=${b64({ c: '2026-02-30T00:00:00.000000Z', id: crypto.randomUUID() })}`,
        messages.requestsCursorInvalid,
      ],
      [
        `?before=${b64({ c: '2026-01-01T00:00:00.000000Z', id: "1' or 1=1" })}`,
        messages.requestsCursorInvalid,
      ],
      ['?before=abc&since=abc', messages.requestsCursorConflict],
      ['?limit=0', messages.requestsPageLimitInvalid],
      ['?limit=abc', messages.requestsPageLimitInvalid],
      ['?limit=1.5', messages.requestsPageLimitInvalid],
      ['?limit=100000', messages.requestsPageLimitInvalid],
      [`?since=${'a'.repeat(300)}`, ''],
    ];
    for (const [query, detail] of bad) {
      for (const url of [base, `/api/requests/updates/${musician.musician.id}`]) {
        const res = await app.inject({ url: url + query, headers: musician.auth });
        expect(res.statusCode, `${url}${query}: ${res.body}`).toBe(400);
        const body = res.json<{ detail: string }>();
        if (detail) expect(body.detail).toContain(detail);
        else expect(body.detail.length).toBeGreaterThan(0);
      }
    }
  });

  it('shows one musician nothing of another through a cursor', async () => {
    const musician = await registerMusician(app);
    const stranger = await registerMusician(app);
    await history(stranger, 5, () => 'played');
    const theirs = await list(stranger);
    const answer = await list(musician, since(theirs.next_since));
    expect(answer.requests).toEqual([]);
    const res = await app.inject({
      url: `/api/requests/musician/${stranger.musician.id}${since(theirs.next_since)}`,
      headers: musician.auth,
    });
    expect(res.statusCode).toBe(404);
  });
});
