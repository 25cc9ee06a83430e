import { describe, expect, it } from 'vitest';
import type { CreatedRequest } from '#shared/schemas/request.ts';
import type { DomainEvent } from '#server/events/domain-events.ts';
import { createSong, registerMusician, submitRequest } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

// A retry with the same Idempotency-Key and body is answered the first answer again, status
// token included: retries never mint tokens that replace one another.

const { app } = await startTestApp();
const published: DomainEvent[] = [];
app.services.events.onEvent((event) => published.push(event));

const body = { requester_name: 'Ann', requester_email: 'ann@example.com', dedication: 'Hi' };

async function statusOf(token: string) {
  return app.inject({ url: `/api/request-status/${token}` });
}

describe('replaying a request', () => {
  it('answers ten concurrent retries with one request and one working token', async () => {
    const musician = await registerMusician(app);
    const song = await createSong(app, musician);
    const headers = { 'idempotency-key': 'ten-retries-1' };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => submitRequest(app, song, body, headers)),
    );
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    expect(new Set(answers.map((a) => a.status_token)).size).toBe(1);
    const status = await statusOf(answers[0]!.status_token);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ id: answers[0]!.id, status: 'pending' });
  });

  it('gives a stranger replaying the key and body the same token, and the first keeps working', async () => {
    const musician = await registerMusician(app);
    const song = await createSong(app, musician);
    const headers = { 'idempotency-key': 'stranger-replay-1' };
    const first = await submitRequest(app, song, body, headers);
    const replay = await app.inject({
      method: 'POST',
      url: '/api/requests',
      remoteAddress: '203.0.113.66',
      headers: { ...headers, 'x-device-id': 'some-other-phone-0123456789' },
      payload: { song_id: song.id, tip_amount: 0, ...body },
    });
    expect(replay.statusCode).toBe(201);
    expect(replay.json<CreatedRequest>().status_token).toBe(first.status_token);
    expect((await statusOf(first.status_token)).statusCode).toBe(200);
  });

  it('answers a replayed +1 with its own token, unchanged', async () => {
    const musician = await registerMusician(app);
    const song = await createSong(app, musician);
    await submitRequest(app, song, { requester_email: 'first@example.com' });
    const headers = { 'idempotency-key': 'plus-one-replay-1' };
    const plusOne = await submitRequest(app, song, body, headers);
    const again = await submitRequest(app, song, body, headers);
    expect(again).toEqual(plusOne);
    expect((await statusOf(plusOne.status_token)).statusCode).toBe(200);
  });

  it('keys tokens to the musician: the same key at two musicians answers two tokens', async () => {
    const headers = { 'idempotency-key': 'shared-key-1' };
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) {
      const musician = await registerMusician(app);
      const song = await createSong(app, musician);
      tokens.push((await submitRequest(app, song, body, headers)).status_token);
    }
    expect(tokens[0]).not.toBe(tokens[1]);
    for (const token of tokens) expect((await statusOf(token)).statusCode).toBe(200);
  });

  it('tells the devices again on a retry, in case the first answer never reached them', async () => {
    // Another process may have committed the request and died before publishing it: the phone's
    // retry lands here, and the devices connected here must hear of the request all the same.
    const musician = await registerMusician(app);
    const song = await createSong(app, musician);
    const headers = { 'idempotency-key': 'retry-tells-devices-1' };
    const first = await submitRequest(app, song, body, headers);
    published.length = 0;
    await submitRequest(app, song, body, headers);
    expect(published).toEqual([
      expect.objectContaining({
        musicianId: musician.musician.id,
        name: 'request:updated',
        payload: expect.objectContaining({ id: first.id, status: 'pending' }),
      }),
    ]);
  });

  it("tells no one of a blocked requester's request on a retry", async () => {
    const musician = await registerMusician(app);
    const song = await createSong(app, musician);
    // Blocked by a request of theirs to another song.
    const other = await createSong(app, musician, { title: 'Champagne Supernova' });
    const earlier = await submitRequest(app, other, body);
    const blocked = await app.inject({
      method: 'POST',
      url: '/api/blocked-requesters',
      headers: { authorization: `Bearer ${musician.token}` },
      payload: { request_id: earlier.id },
    });
    expect(blocked.statusCode).toBe(201);
    const headers = { 'idempotency-key': 'retry-blocked-1' };
    await submitRequest(app, song, body, headers);
    published.length = 0;
    await submitRequest(app, song, body, headers);
    expect(published).toEqual([]);
  });
});
