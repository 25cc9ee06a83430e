import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { uniqueEmail } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

const perIp = await startTestApp({ rateLimit: { authPerIpPerMinute: 3 } });
const perEmail = await startTestApp({ rateLimit: { authPerEmailPerMinute: 2 } });

describe('sign-in rate limits', () => {
  it('limits each IP address per minute, with a detail and Retry-After', async () => {
    const { app } = perIp;
    const attempt = (ip: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: ip,
        payload: { email: uniqueEmail(), password: 'whatever 1' },
      });

    for (let i = 0; i < 3; i++) expect((await attempt('10.0.0.1')).statusCode).toBe(401);
    const limited = await attempt('10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ detail: messages.tooManyRequests });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    // Another address is not affected.
    expect((await attempt('10.0.0.2')).statusCode).toBe(401);
  });

  it("limits code requests per email and address, so a stranger cannot use up the owner's", async () => {
    const { app } = perEmail;
    const email = uniqueEmail();
    const attempt = (ip: string, target = email) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress: ip,
        payload: { email: target },
      });

    expect((await attempt('10.0.1.66')).statusCode).toBe(200);
    expect((await attempt('10.0.1.66')).statusCode).toBe(200);
    const limited = await attempt('10.0.1.66', email.toUpperCase());
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ detail: messages.tooManyRequests });
    expect((await attempt('10.0.1.66', uniqueEmail())).statusCode).toBe(200);

    // The owner, from their own address, still asks for a code.
    expect((await attempt('10.0.1.1')).statusCode).toBe(200);
  });

  it("does not let a stranger's wrong passwords lock the owner out", async () => {
    const { app } = perEmail;
    const owner = { email: uniqueEmail(), password: 'the right one 1' };
    await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: '10.0.2.1',
      payload: { name: 'Owner', ...owner },
    });
    const login = (ip: string, password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: ip,
        payload: { email: owner.email, password },
      });

    for (let i = 0; i < 10; i++) await login('10.0.2.66', 'a wrong guess 1');
    expect((await login('10.0.2.66', 'a wrong guess 1')).statusCode).toBe(429);

    // The owner, from their own address, still gets in.
    expect((await login('10.0.2.1', owner.password)).statusCode).toBe(200);
  });
});
