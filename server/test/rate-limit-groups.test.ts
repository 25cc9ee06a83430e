import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import {
  createSong,
  registerMusician,
  suggestionPayload,
  uniqueEmail,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

describe('rate-limit budgets shared by a group of routes (README)', () => {
  it('sign-in and register draw on one budget per IP', async () => {
    const { app } = await startTestApp({ rateLimit: { authPerIpPerMinute: 3 } });
    const login = () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: uniqueEmail(), password: 'wrong password 1' },
      });
    const register = () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'Budget Band', email: uniqueEmail(), password: 'correct horse 1' },
      });
    expect((await login()).statusCode).toBe(401);
    expect((await login()).statusCode).toBe(401);
    expect((await register()).statusCode).toBe(201);
    const limited = await register();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ detail: messages.tooManyRequests });
    expect((await login()).statusCode).toBe(429);
  });

  it('requests and song suggestions draw on one budget per IP; other IPs keep theirs', async () => {
    const { app } = await startTestApp({ rateLimit: { publicWritesPerIpPerMinute: 2 } });
    const musician = await registerMusician(app);
    const song = await createSong(app, musician);
    const request = (ip = '203.0.113.7', email = 'alex@example.com') =>
      app.inject({
        method: 'POST',
        url: '/api/requests',
        remoteAddress: ip,
        payload: {
          song_id: song.id,
          requester_name: 'Alex',
          requester_email: email,
          dedication: '',
          tip_amount: 0,
        },
      });
    const suggestion = () =>
      app.inject({
        method: 'POST',
        url: '/api/song-suggestions',
        remoteAddress: '203.0.113.7',
        payload: suggestionPayload(musician),
      });
    expect((await request()).statusCode).toBe(201);
    expect((await suggestion()).statusCode).toBe(201);
    expect((await request()).statusCode).toBe(429);
    expect((await suggestion()).statusCode).toBe(429);
    // Someone else (Alex asking again would be answered their waiting request, 200).
    expect((await request('198.51.100.9', 'sam@example.com')).statusCode).toBe(201);
  });
});
