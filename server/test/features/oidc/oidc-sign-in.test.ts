import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import type { AuthResponse } from '#shared/schemas/auth.ts';
import type { OidcSignupResponse } from '#shared/schemas/oidc.ts';
import { cleanUpLater } from '#server-test/helpers/cleanup.ts';
import { registerMusician } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';
import { signInAtProvider, startTestProvider } from './test-provider.ts';

// The browser reaches the app at this origin; the provider must send it back to /profile there.
const HOST = 'songs.test';
const RETURN_URL = `http://${HOST}/profile`;
const CLIENT = { clientId: 'song-requests', clientSecret: 'a-test-client-secret-of-some-length' };

const provider = await startTestProvider({
  ...CLIENT,
  redirectUris: [RETURN_URL],
  accounts: {
    unverified: { email: 'unverified@example.com', email_verified: false, name: 'Nope' },
    'no-email': { name: 'Nobody' },
  },
});
cleanUpLater(() => provider.close());

const { app, rawLogs } = await startTestApp({
  oidc: { issuer: provider.issuer, ...CLIENT, buttonLabel: 'Continue with Test ID' },
});

async function start() {
  return app.inject({ url: '/api/auth/oidc/start', headers: { host: HOST } });
}

/** What the client does on /profile: hands the provider's answer to the callback route. */
async function callback(returned: URL) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/oidc/callback',
    headers: { host: HOST },
    payload: Object.fromEntries(returned.searchParams),
  });
}

/** Start, sign in at the provider as `login`, come back: the callback's answer. */
async function signInAs(login: string) {
  const started = await start();
  expect(started.statusCode).toBe(302);
  return callback(await signInAtProvider(started.headers.location!, login));
}

async function complete(signupToken: string, name: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/oidc/complete',
    payload: { signup_token: signupToken, name },
  });
}

async function profileWith(token: string) {
  return app.inject({ url: '/api/profile', headers: { authorization: `Bearer ${token}` } });
}

const uniqueLogin = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

describe('GET /api/config with OIDC set up', () => {
  it('tells the client the button label', async () => {
    const res = await app.inject({ url: '/api/config' });
    expect(res.json()).toMatchObject({ oidc_button_label: 'Continue with Test ID' });
  });
});

describe('GET /api/auth/oidc/start', () => {
  it('sends the browser to the provider with PKCE S256, a state, a nonce and /profile here', async () => {
    const res = await start();
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('no-store');
    const target = new URL(res.headers.location!);
    expect(target.origin).toBe(provider.issuer);
    const params = target.searchParams;
    expect(params.get('response_type')).toBe('code');
    expect(params.get('client_id')).toBe(CLIENT.clientId);
    expect(params.get('redirect_uri')).toBe(RETURN_URL);
    expect(params.get('scope')).toBe('openid email profile');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(params.get('state')!.length).toBeGreaterThanOrEqual(32);
    expect(params.get('nonce')!.length).toBeGreaterThanOrEqual(32);
    // Two starts never share a state.
    const again = new URL((await start()).headers.location!);
    expect(again.searchParams.get('state')).not.toBe(params.get('state'));
  });
});

describe('a first sign-in', () => {
  it('asks for a stage name, then creates the musician whose token works', async () => {
    const login = uniqueLogin('first');
    const res = await signInAs(login);
    expect(res.statusCode).toBe(200);
    const signup = res.json<OidcSignupResponse>();
    expect(signup).toEqual({
      signup_token: expect.any(String),
      email: `${login}@example.com`,
      suggested_name: `Provider ${login}`,
    });

    const done = await complete(signup.signup_token, 'The Night Owls');
    expect(done.statusCode).toBe(200);
    const { musician, token } = done.json<AuthResponse>();
    expect(musician).toMatchObject({ name: 'The Night Owls', email: `${login}@example.com` });
    expect(musician.slug).toMatch(/^the-night-owls/);

    const profile = await profileWith(token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ id: musician.id, name: 'The Night Owls' });

    // The token was used up: it cannot create a second musician.
    const replay = await complete(signup.signup_token, 'Another Band');
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ detail: messages.oidcFailed });
  });

  it('checks the stage name like register, and keeps the token for a second try', async () => {
    const signup = (await signInAs(uniqueLogin('named'))).json<OidcSignupResponse>();
    const blank = await complete(signup.signup_token, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ detail: messages.nameRequired });
    const named = await complete(signup.signup_token, 'Second Try');
    expect(named.statusCode).toBe(200);
  });

  it('answers the one failure message for a made-up or missing signup token', async () => {
    for (const payload of [{ signup_token: 'made-up', name: 'X' }, { name: 'X' }]) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/oidc/complete', payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: messages.oidcFailed });
    }
  });
});

describe('a later sign-in', () => {
  it('signs the same provider account into the same musician', async () => {
    const login = uniqueLogin('again');
    const signup = (await signInAs(login)).json<OidcSignupResponse>();
    const first = (await complete(signup.signup_token, 'Returning Act')).json<AuthResponse>();

    const second = await signInAs(login);
    expect(second.statusCode).toBe(200);
    const session = second.json<AuthResponse>();
    expect(session.musician.id).toBe(first.musician.id);
    expect(session.token).not.toBe(first.token);
    expect((await profileWith(session.token)).json()).toMatchObject({ id: first.musician.id });
  });

  it('links a password musician with the same verified email, whatever its case', async () => {
    const login = uniqueLogin('linked');
    const existing = await registerMusician(app, { email: `${login.toUpperCase()}@Example.com` });

    const res = await signInAs(login);
    expect(res.statusCode).toBe(200);
    const session = res.json<AuthResponse>();
    expect(session.musician.id).toBe(existing.musician.id);
    expect((await profileWith(session.token)).statusCode).toBe(200);

    // The password still works, and the link holds on the next sign-in.
    const login2 = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: existing.email, password: existing.password },
    });
    expect(login2.statusCode).toBe(200);
    expect((await signInAs(login)).json<AuthResponse>().musician.id).toBe(existing.musician.id);
  });
});

describe('failed sign-ins', () => {
  it('refuses an email the provider has not verified, and one it did not send', async () => {
    for (const login of ['unverified', 'no-email']) {
      const res = await signInAs(login);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: messages.oidcFailed });
    }
  });

  it('takes a provider answer once: a replayed state is refused', async () => {
    const started = await start();
    const returned = await signInAtProvider(started.headers.location!, uniqueLogin('replay'));
    expect((await callback(returned)).statusCode).toBe(200);
    const replay = await callback(returned);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ detail: messages.oidcFailed });
  });

  it('refuses an unknown state, a missing code, no body, and a code for another state', async () => {
    const started = new URL((await start()).headers.location!);
    const state = started.searchParams.get('state')!;
    const payloads = [
      { code: 'abc', state: 'never-issued' },
      { state },
      {},
      { code: 42, state: ['x'] },
    ];
    for (const payload of payloads) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/oidc/callback',
        headers: { host: HOST },
        payload,
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: messages.oidcFailed });
    }
    const empty = await app.inject({
      method: 'POST',
      url: '/api/auth/oidc/callback',
      headers: { host: HOST },
    });
    expect(empty.statusCode).toBe(401);
  });

  it('refuses a code exchanged for another origin than the one the sign-in started on', async () => {
    const started = await start();
    const returned = await signInAtProvider(started.headers.location!, uniqueLogin('origin'));
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/oidc/callback',
      headers: { host: 'elsewhere.test' },
      payload: Object.fromEntries(returned.searchParams),
    });
    expect(res.statusCode).toBe(401);
  });

  it('logs why, never a code, a token or an email', async () => {
    const returned = await signInAtProvider((await start()).headers.location!, 'unverified');
    await callback(returned);
    const logs = rawLogs();
    expect(logs).toContain('email not verified by the provider');
    expect(logs).not.toContain(returned.searchParams.get('code')!);
    expect(logs).not.toContain('unverified@example.com');
  });
});

describe('a provider that cannot be reached', () => {
  it('does not stop the server; start sends the browser to the sign-in failure page', async () => {
    const gone = await startTestProvider({ ...CLIENT, redirectUris: [RETURN_URL] });
    await gone.close();
    const down = await startTestApp({
      oidc: { issuer: gone.issuer, ...CLIENT, buttonLabel: 'Continue' },
    });
    // The sign-in button is a full page load: raw JSON would be all the musician sees.
    const res = await down.app.inject({ url: '/api/auth/oidc/start', headers: { host: HOST } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/profile?error=temporarily_unavailable');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(down.rawLogs()).toContain('oidc: provider unavailable');
    // The server still answers, and the musician can sign in with a password meanwhile.
    expect((await down.app.inject({ url: '/api/config' })).statusCode).toBe(200);
  });
});

describe('without OIDC settings', () => {
  it('hides the button and answers 404 on every route', async () => {
    const plain = await startTestApp({ oidc: undefined });
    expect((await plain.app.inject({ url: '/api/config' })).json()).toMatchObject({
      oidc_button_label: null,
    });
    const started = await plain.app.inject({ url: '/api/auth/oidc/start' });
    expect(started.statusCode).toBe(404);
    expect(started.json()).toEqual({ detail: messages.oidcNotConfigured });
    const res = await plain.app.inject({
      method: 'POST',
      url: '/api/auth/oidc/callback',
      payload: { code: 'a', state: 'b' },
    });
    expect(res.statusCode).toBe(404);
  });
});
