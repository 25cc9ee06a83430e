import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { registerMusician } from './helpers/factories.ts';
import { startTestApp } from './helpers/test-app.ts';

// An unexpected failure, to see what a client and the log get from it.
const { app, rawLogs, logs } = await startTestApp(
  {},
  {
    extend: (app) => {
      app.get('/api/test-only/explode', async () => {
        throw new Error('relation "secret_table" does not exist at /srv/app.ts:12');
      });
    },
  },
);

describe('error shape', () => {
  it('hides the cause of a 500 from the client and logs it', async () => {
    const res = await app.inject({ url: '/api/test-only/explode' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: messages.internalError });
    expect(rawLogs()).toContain('secret_table');
  });

  it('answers an unknown API path with 404 and a detail', async () => {
    const res = await app.inject({ url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: messages.notFoundRoute });
  });

  it('answers a wrong content type with 415 and a detail', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<email>a</email>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().detail).toEqual(expect.any(String));
  });
});

describe('security', () => {
  it('sends security headers with a content security policy', async () => {
    const res = await app.inject({ url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeDefined();
  });

  it('never writes passwords, tokens or reset codes to the log', async () => {
    const musician = await registerMusician(app, { password: 'super secret pass 9' });
    await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: musician.email, password: 'super secret pass 9' },
    });
    await app.inject({ url: '/api/profile', headers: musician.auth });
    await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email: musician.email, reset_code: 'QWERTYUP', new_password: 'another secret 8' },
    });

    const text = rawLogs();
    expect(logs().length).toBeGreaterThan(4);
    for (const secret of ['super secret pass 9', musician.token, 'QWERTYUP', 'another secret 8']) {
      expect(text).not.toContain(secret);
    }
  });
});
