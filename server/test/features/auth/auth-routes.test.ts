import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { registerMusician, uniqueEmail } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

const { app } = await startTestApp();

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('POST /api/auth/register', () => {
  it('creates the account, derives a slug from the stage name and returns a working token', async () => {
    const email = uniqueEmail();
    const res = await post('/api/auth/register', {
      name: '  Zoë & The Keys!  ',
      email,
      password: 'longenough1',
    });

    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.musician).toMatchObject({ name: 'Zoë & The Keys!', email, requests_enabled: true });
    expect(body.musician.slug).toMatch(/^zoe-the-keys(-\d+)?$/);
    expect(body.musician).not.toHaveProperty('password_hash');
    expect(body.musician).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(body)).not.toContain('longenough1');

    const profile = await app.inject({
      url: '/api/profile',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().email).toBe(email);
  });

  it('makes the slug unique when two musicians share a stage name', async () => {
    const first = await registerMusician(app, { name: 'Duplicate Duo' });
    const second = await registerMusician(app, { name: 'Duplicate Duo' });
    expect(first.musician.slug).not.toBe(second.musician.slug);
    expect(second.musician.slug).toMatch(/^duplicate-duo(-\d+)?$/);
  });

  it('refuses a second account for the same email, ignoring case, with 409', async () => {
    const existing = await registerMusician(app);
    const res = await post('/api/auth/register', {
      name: 'Someone Else',
      email: existing.email.toUpperCase(),
      password: 'another pass 1',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: messages.emailTaken });
  });

  it.each([
    [{ email: uniqueEmail(), password: 'longenough1' }, messages.nameRequired],
    [{ name: '   ', email: uniqueEmail(), password: 'longenough1' }, messages.nameRequired],
    [{ name: 'A', password: 'longenough1' }, messages.emailRequired],
    [{ name: 'A', email: 'not-an-email', password: 'longenough1' }, messages.emailInvalid],
    [{ name: 'A', email: uniqueEmail() }, messages.passwordRequired],
    [{ name: 'A', email: uniqueEmail(), password: 'short1' }, messages.passwordTooShort],
    [{ name: 'A', email: uniqueEmail(), password: 12345678 }, messages.passwordRequired],
  ])('answers 400 with a human detail for %o', async (payload, detail) => {
    const res = await post('/api/auth/register', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail });
  });

  it('answers 400 with a detail for a body that is not JSON', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: messages.invalidJson });
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the right password, whatever the email case', async () => {
    const musician = await registerMusician(app);
    const res = await post('/api/auth/login', {
      email: musician.email.toUpperCase(),
      password: musician.password,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().musician.id).toBe(musician.musician.id);
    expect(res.json().token).not.toBe(musician.token);
  });

  it('gives the same 401 for a wrong password and an unknown email', async () => {
    const musician = await registerMusician(app);
    const wrongPassword = await post('/api/auth/login', {
      email: musician.email,
      password: 'wrong password 1',
    });
    const unknownEmail = await post('/api/auth/login', {
      email: uniqueEmail('nobody'),
      password: 'whatever 1',
    });

    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ detail: messages.invalidCredentials });
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
  });

  it('requires email and password', async () => {
    expect((await post('/api/auth/login', { password: 'x' })).json()).toEqual({
      detail: messages.emailRequired,
    });
    expect((await post('/api/auth/login', { email: uniqueEmail() })).json()).toEqual({
      detail: messages.passwordRequired,
    });
  });
});

describe('sessions', () => {
  it('stores only a hash of the token', async () => {
    const musician = await registerMusician(app);
    const rows = await app.database.kysely
      .selectFrom('authSessions')
      .selectAll()
      .where('musicianId', '=', musician.musician.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(musician.token);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('logout revokes that token only', async () => {
    const musician = await registerMusician(app);
    const other = await post('/api/auth/login', {
      email: musician.email,
      password: musician.password,
    });
    const otherAuth = { authorization: `Bearer ${other.json().token}` };

    const res = await post('/api/auth/logout', undefined, musician.auth);
    expect(res.statusCode).toBe(200);

    const afterLogout = await app.inject({ url: '/api/profile', headers: musician.auth });
    expect(afterLogout.statusCode).toBe(401);
    expect(afterLogout.json()).toEqual({ detail: messages.sessionExpired });
    expect((await app.inject({ url: '/api/profile', headers: otherAuth })).statusCode).toBe(200);
  });

  it('refuses an expired token', async () => {
    const musician = await registerMusician(app);
    await app.database.kysely
      .updateTable('authSessions')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('musicianId', '=', musician.musician.id)
      .execute();
    const res = await app.inject({ url: '/api/profile', headers: musician.auth });
    expect(res.statusCode).toBe(401);
  });

  it.each([undefined, 'Bearer', 'Basic abc', 'Bearer not-a-real-token'])(
    'refuses the authorization header %s with 401 and a detail',
    async (authorization) => {
      const res = await app.inject({
        url: '/api/profile',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().detail).toEqual(expect.any(String));
    },
  );
});
