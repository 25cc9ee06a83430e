import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import {
  createSong,
  paymentApps,
  postTip,
  registerMusician,
  suggestionPayload,
  updateProfile,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

const { app } = await startTestApp();
const reused = { detail: messages.idempotencyKeyReused };

describe('an Idempotency-Key reused with another body', () => {
  it('is a 422 for requests, while the same body keeps its first answer', async () => {
    const musician = await registerMusician(app);
    const song = await createSong(app, musician);
    const headers = { 'idempotency-key': 'request-key-1' };
    const body = { song_id: song.id, requester_name: 'Ann', requester_email: 'ann@example.com' };
    const post = (payload: object) =>
      app.inject({ method: 'POST', url: '/api/requests', headers, payload });

    const first = await post(body);
    expect(first.statusCode).toBe(201);
    const same = await post({ ...body, requester_email: ' ann@example.com ' });
    expect(same.statusCode).toBe(201);
    expect(same.json().id).toBe(first.json().id);

    for (const change of [
      { dedication: 'something else' },
      { requester_name: 'Bob' },
      { tip_amount: 5 },
      { song_id: (await createSong(app, musician, { title: 'Other' })).id },
    ]) {
      const res = await post({ ...body, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(422);
      expect(res.json()).toEqual(reused);
    }
  });

  it('is a 422 for a +1 merged into another request too', async () => {
    const musician = await registerMusician(app);
    const song = await createSong(app, musician);
    const body = { song_id: song.id, requester_name: 'Ann', requester_email: 'ann@example.com' };
    await app.inject({ method: 'POST', url: '/api/requests', payload: body });
    const headers = { 'idempotency-key': 'merged-key-1' };
    const ben = { ...body, requester_name: 'Ben', requester_email: 'ben@example.com' };
    const merged = await app.inject({
      method: 'POST',
      url: '/api/requests',
      headers,
      payload: ben,
    });
    const again = await app.inject({ method: 'POST', url: '/api/requests', headers, payload: ben });
    expect(again.json().id).toBe(merged.json().id);
    const other = await app.inject({
      method: 'POST',
      url: '/api/requests',
      headers,
      payload: { ...ben, dedication: 'changed' },
    });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual(reused);
  });

  it('is a 422 for suggestions', async () => {
    const musician = await registerMusician(app);
    const headers = { 'idempotency-key': 'suggestion-key-1' };
    const post = (payload: object) =>
      app.inject({ method: 'POST', url: '/api/song-suggestions', headers, payload });
    const first = await post(suggestionPayload(musician));
    expect((await post(suggestionPayload(musician))).json()).toEqual(first.json());
    const other = await post(suggestionPayload(musician, { suggested_title: 'Rehab' }));
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual(reused);
  });

  it('is a 422 for tips', async () => {
    const musician = await registerMusician(app);
    await updateProfile(app, musician, paymentApps());
    const headers = { 'idempotency-key': 'tip-key-1' };
    const first = await postTip(app, musician, {}, headers);
    expect(first.statusCode).toBe(201);
    expect((await postTip(app, musician, {}, headers)).json()).toEqual(first.json());
    for (const change of [{ amount: 6 }, { platform: 'paypal' as const }, { message: 'Other' }]) {
      const res = await postTip(app, musician, change, headers);
      expect(res.statusCode, JSON.stringify(change)).toBe(422);
      expect(res.json()).toEqual(reused);
    }
  });
});
