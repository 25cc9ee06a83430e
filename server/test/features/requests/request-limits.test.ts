import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import type { CreateRequestBody } from '#shared/schemas/request.ts';
import type { Song } from '#shared/schemas/song.ts';
import { loadConfig } from '#server/config.ts';
import { createSong, registerMusician, type TestMusician } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

// The limits as loadConfig sets them with no environment: 3 requests per requester per 10
// minutes, 120 per musician per minute; the per-IP limit at its default of 600 a minute.
const { app } = await startTestApp({
  limits: loadConfig({}).limits,
  rateLimit: { publicWritesPerIpPerMinute: 600 },
});

const PHONE_A = 'phone-a-0123456789abcdefghij';

async function musicianWithSongs(count = 4): Promise<{ musician: TestMusician; songs: Song[] }> {
  const musician = await registerMusician(app);
  const songs: Song[] = [];
  for (let i = 0; i < count; i++)
    songs.push(await createSong(app, musician, { title: `Song ${i}` }));
  return { musician, songs };
}

function post(
  song: Song,
  overrides: Partial<CreateRequestBody> = {},
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/requests',
    headers,
    payload: {
      song_id: song.id,
      requester_name: 'Alex',
      requester_email: 'alex@example.com',
      ...overrides,
    },
  });
}

describe('requests per requester', () => {
  it('refuses the fourth song in 10 minutes from one email, saying when to come back', async () => {
    const { songs } = await musicianWithSongs();
    for (const song of songs.slice(0, 3)) expect((await post(song)).statusCode).toBe(201);

    const refused = await post(songs[3]!, { requester_email: 'ALEX@example.com' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      detail: 'You have requested 3 songs in the last 10 minutes. Try again in 10 minutes.',
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(590);
    expect(retryAfter).toBeLessThanOrEqual(600);
  });

  it('counts from the oldest request of the window: 4 minutes ago leaves 6 to wait', async () => {
    const { musician, songs } = await musicianWithSongs();
    for (const song of songs.slice(0, 3)) await post(song);
    const createdAgo = (minutes: number) =>
      app.database.kysely
        .updateTable('requests')
        .set({ createdAt: new Date(Date.now() - minutes * 60_000) })
        .where('musicianId', '=', musician.musician.id)
        .where('songId', '=', songs[0]!.id)
        .execute();
    await createdAgo(4);

    const refused = await post(songs[3]!);
    expect(refused.json().detail).toBe(
      'You have requested 3 songs in the last 10 minutes. Try again in 6 minutes.',
    );
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(360);

    // Once the oldest leaves the window, one more is allowed.
    await createdAgo(11);
    expect((await post(songs[3]!)).statusCode).toBe(201);
  });

  it('counts one phone whatever email it types, and ignores a device id of the wrong shape', async () => {
    const { songs } = await musicianWithSongs();
    const phone = { 'x-device-id': PHONE_A };
    for (const [i, song] of songs.slice(0, 3).entries()) {
      expect((await post(song, { requester_email: `a${i}@example.com` }, phone)).statusCode).toBe(
        201,
      );
    }
    const refused = await post(songs[3]!, { requester_email: 'new@example.com' }, phone);
    expect(refused.statusCode).toBe(429);

    // "short" is no device id of ours: treated as none, so only the email counts.
    const bogus = { 'x-device-id': 'short' };
    const { songs: others } = await musicianWithSongs();
    for (const [i, song] of others.entries()) {
      expect((await post(song, { requester_email: `b${i}@example.com` }, bogus)).statusCode).toBe(
        201,
      );
    }
  });

  it('never counts or refuses a retry with the same Idempotency-Key', async () => {
    const { songs } = await musicianWithSongs();
    const key = { 'idempotency-key': 'retry-key-1' };
    const first = await post(songs[0]!, {}, key);
    for (let i = 0; i < 5; i++) {
      const retry = await post(songs[0]!, {}, key);
      expect(retry.statusCode).toBe(201);
      expect(retry.json().id).toBe(first.json().id);
    }
    expect((await post(songs[1]!)).statusCode).toBe(201);
    const third = await post(songs[2]!, {}, { 'idempotency-key': 'retry-key-3' });
    expect(third.statusCode).toBe(201);
    // At the limit now, yet the retry of an accepted one is still answered.
    expect((await post(songs[2]!, {}, { 'idempotency-key': 'retry-key-3' })).statusCode).toBe(201);
    expect((await post(songs[3]!)).statusCode).toBe(429);
  });

  it('keeps musicians apart: a requester at one musician’s limit may still ask another', async () => {
    const { songs } = await musicianWithSongs();
    const { songs: elsewhere } = await musicianWithSongs(1);
    for (const song of songs.slice(0, 3)) await post(song);
    expect((await post(songs[3]!)).statusCode).toBe(429);
    expect((await post(elsewhere[0]!)).statusCode).toBe(201);
  });
});

describe('a whole venue behind one address', () => {
  it('lets 300 different people on one IP request, at the default limits', async () => {
    // Three musicians, 100 people each over 4 songs: under the per-musician and per-IP
    // defaults, and under the +1s one address may put on one request.
    const stages = await Promise.all([1, 2, 3].map(() => musicianWithSongs(4)));
    for (let person = 0; person < 300; person++) {
      const song = stages[person % 3]!.songs[Math.floor(person / 3) % 4]!;
      const res = await post(
        song,
        { requester_email: `guest${person}@example.com` },
        { 'x-device-id': `venue-phone-${String(person).padStart(12, '0')}` },
      );
      expect(res.statusCode, res.body).toBe(201);
    }
  }, 120_000);
});

describe('the per-musician flood guard', () => {
  it('refuses the sixth request a minute to one musician, from anyone', async () => {
    const { app: small } = await startTestApp({
      limits: { ...loadConfig({}).limits, perMusicianPerMinute: 5 },
    });
    const musician = await registerMusician(small);
    const song = await createSong(small, musician);
    for (let i = 0; i < 5; i++) {
      const res = await small.inject({
        method: 'POST',
        url: '/api/requests',
        payload: { song_id: song.id, requester_name: 'P', requester_email: `p${i}@example.com` },
      });
      expect(res.statusCode).toBe(201);
    }
    const refused = await small.inject({
      method: 'POST',
      url: '/api/requests',
      payload: { song_id: song.id, requester_name: 'Q', requester_email: 'q@example.com' },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toBe(messages.musicianFlooded.replace('{wait}', '1 minute'));
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
  });
});
