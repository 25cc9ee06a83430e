import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import type { CreatedRequest } from '#shared/schemas/request.ts';
import {
  createSong,
  registerMusician,
  setRequestStatus,
  submitRequest,
  type TestMusician,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

const { app, rawLogs } = await startTestApp();

async function requestFor(musician?: TestMusician, headers: Record<string, string> = {}) {
  const owner = musician ?? (await registerMusician(app));
  const song = await createSong(app, owner, { title: 'Dreams', artist: 'Fleetwood Mac' });
  return { musician: owner, song, created: await submitRequest(app, song, {}, headers) };
}

const statusOf = (token: string) =>
  app.inject({ url: `/api/request-status/${encodeURIComponent(token)}` });

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('the status token of POST /api/requests', () => {
  it('is 32 random bytes in base64url, different for every request', async () => {
    const { created: a } = await requestFor();
    const { created: b } = await requestFor();
    expect(a.status_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a.status_token, 'base64url')).toHaveLength(32);
    expect(b.status_token).not.toBe(a.status_token);
  });

  it('is stored only as its SHA-256 hash', async () => {
    const { created } = await requestFor();
    const [row] = await app.database.kysely
      .selectFrom('requests')
      .selectAll()
      .where('id', '=', created.id)
      .execute();
    expect(row!.statusTokenHash).toBe(sha256(created.status_token));
    expect(JSON.stringify(row)).not.toContain(created.status_token);
  });
});

describe('GET /api/request-status/:token', () => {
  it('answers the requester their request: song and state, nothing about who asked', async () => {
    const { created } = await requestFor();
    const res = await statusOf(created.status_token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: created.id,
      song_title: 'Dreams',
      song_artist: 'Fleetwood Mac',
      status: 'pending',
      updated_at: expect.any(String),
      queue_position: 1,
      payment: null,
      // First in line: nothing ahead of it.
      eta_minutes: 0,
      // While it waits, the key its phone may subscribe with to be told (push-notifications).
      push_public_key: expect.stringMatching(/^[\w-]{87}$/),
    });
  });

  it('follows the request as the musician moves it', async () => {
    const { musician, created } = await requestFor();
    await setRequestStatus(app, musician, created.id, 'up_next');
    expect((await statusOf(created.status_token)).json().status).toBe('up_next');
    await setRequestStatus(app, musician, created.id, 'played');
    const played = (await statusOf(created.status_token)).json();
    expect(played.status).toBe('played');
    expect(Date.parse(played.updated_at)).toBeGreaterThanOrEqual(Date.parse(created.created_at));
  });

  it('answers 404 once the musician deleted the request', async () => {
    const { musician, created } = await requestFor();
    await app.inject({
      method: 'DELETE',
      url: `/api/requests/${created.id}`,
      headers: musician.auth,
    });
    const res = await statusOf(created.status_token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: messages.requestStatusNotFound });
  });

  it.each([
    ['an unknown token', 'A'.repeat(43)],
    ['a too short token', 'abc'],
    ['a token with a bad character', `${'A'.repeat(42)}=`],
    ['a token one character too long', 'A'.repeat(44)],
    ['the request id', '00000000-0000-4000-8000-000000000000'],
    ['emoji', '🎸'.repeat(10)],
    ['the hash of a real token (as if it leaked from the database)', 'hash'],
  ])('answers 404 Request not found for %s', async (_name, token) => {
    let asked = token;
    if (token === 'hash') asked = sha256((await requestFor()).created.status_token);
    const res = await statusOf(asked);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: messages.requestStatusNotFound });
  });

  it('answers 400 for a NUL byte, like every route', async () => {
    const res = await statusOf(`${'A'.repeat(42)}\u0000`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: messages.textHasNulCharacter });
  });

  it('answers a 10,000-character token with a 4xx and a detail that does not echo it', async () => {
    const token = 'A'.repeat(10_000);
    const res = await statusOf(token);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toEqual({ detail: messages.addressTooLong });
  });
});

describe('an Idempotency-Key retry', () => {
  it('answers the first token again, which keeps working', async () => {
    const musician = await registerMusician(app);
    const headers = { 'idempotency-key': 'phone-9-request-1' };
    const { song, created: first } = await requestFor(musician, headers);
    const retry = await submitRequest(app, song, {}, headers);

    expect(retry.id).toBe(first.id);
    expect(retry.status_token).toBe(first.status_token);
    expect((await statusOf(first.status_token)).json()).toMatchObject({ id: first.id });
  });
});

describe('the status token stays secret', () => {
  it('never appears in what the musician reads, nor in any log line', async () => {
    const { musician, created } = await requestFor();
    await statusOf(created.status_token);
    await setRequestStatus(app, musician, created.id, 'up_next');
    await app.inject({
      method: 'POST',
      url: `/api/requests/${created.id}/track-click`,
      payload: { type: 'tip', platform: 'venmo' },
    });

    const musicianReads = await Promise.all(
      [
        `/api/requests/musician/${musician.musician.id}`,
        `/api/requests/updates/${musician.musician.id}`,
        '/api/requests/grouped',
        '/api/songs',
        '/api/profile',
        '/api/shows',
      ].map((url) => app.inject({ url, headers: musician.auth })),
    );
    for (const res of musicianReads) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain(created.status_token);
      expect(res.body).not.toContain(sha256(created.status_token));
      expect(res.body).not.toContain('status_token');
    }
    expect(rawLogs()).not.toContain(created.status_token);
    // The status reads were logged, with the token taken out of the URL.
    expect(rawLogs()).toContain('/api/request-status/[redacted]');
  });

  it('keeps its shape in the POST answer', async () => {
    const { created } = await requestFor();
    const keys: (keyof CreatedRequest)[] = [
      'id',
      'song_title',
      'song_artist',
      'status',
      'created_at',
      'status_token',
    ];
    expect(Object.keys(created).sort()).toEqual([...keys].sort());
  });
});
