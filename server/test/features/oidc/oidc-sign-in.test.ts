import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import type { AuthResponse } from '#shared/schemas/auth.ts';
import type { OidcSignupResponse } from '#shared/schemas/oidc.ts';
import { cleanUpLater } from '#server-test/helpers/cleanup.ts';
import { registerMusician } from '#server-test/helpers/factories.ts';
import { OIDC_FLOW_COOKIE } from '#server/features/oidc/oidc-flow-cookie.ts';
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
  publicUrl: `http://${HOST}`,
  oidc: { issuer: provider.issuer, ...CLIENT, buttonLabel: 'Continue with Test ID' },
});

async function start(host = HOST) {
  return app.inject({ url: '/api/auth/oidc/start', headers: { host } });
}

/** The cookie start set, as the browser sends it back ("name=value"). */
function flowCookieOf(started: Awaited<ReturnType<typeof start>>): string {
  const header = started.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  const cookie = cookies.find((value) => value.startsWith(`${OIDC_FLOW_COOKIE}=`));
  if (!cookie) throw new Error('start set no flow cookie');
  return cookie.split(';')[0]!;
}

/** What the client does on /profile: hands the provider's answer to the callback route. */
async function callback(returned: URL, cookie: string | undefined) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/oidc/callback',
    headers: { host: HOST, ...(cookie ? { cookie } : {}) },
    payload: Object.fromEntries(returned.searchParams),
  });
}

/** Start, sign in at the provider as `login`, come back in the same browser: the answer. */
async function signInAs(login: string) {
  const started = await start();
  expect(started.statusCode).toBe(302);
  return callback(await signInAtProvider(started.headers.location!, login), flowCookieOf(started));
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

  it('binds the flow to this browser with a short-lived, httpOnly, SameSite cookie', async () => {
    const res = await start();
    const header = res.headers['set-cookie'];
    const cookie = (Array.isArray(header) ? header : [header]).find((value) =>
      value?.startsWith(`${OIDC_FLOW_COOKIE}=`),
    );
    expect(cookie).toBeDefined();
    const attributes = cookie!.split(';').map((part) => part.trim().toLowerCase());
    expect(attributes).toContain('httponly');
    expect(attributes).toContain('samesite=lax');
    expect(attributes).toContain('path=/api/auth/oidc');
    const maxAge = Number(attributes.find((part) => part.startsWith('max-age='))?.slice(8));
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(600);
    // Not the state itself: the provider's answer in the address bar must not be the key.
    const state = new URL(res.headers.location!).searchParams.get('state')!;
    expect(cookie).not.toContain(state);
  });

  it("builds redirect_uri from PUBLIC_URL, never from the request's Host header", async () => {
    const res = await start('attacker.example');
    expect(new URL(res.headers.location!).searchParams.get('redirect_uri')).toBe(RETURN_URL);
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
    const cookie = flowCookieOf(started);
    const first = await callback(returned, cookie);
    expect(first.statusCode).toBe(200);
    // The answer clears the cookie: the flow is over in this browser.
    expect(String(first.headers['set-cookie'])).toMatch(
      new RegExp(`${OIDC_FLOW_COOKIE}=;.*Max-Age=0`, 'i'),
    );
    const replay = await callback(returned, cookie);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ detail: messages.oidcFailed });
  });

  it('refuses a provider answer brought to a browser that did not start the sign-in (login CSRF)', async () => {
    // The attacker starts a sign-in, signs in at the provider as themselves, and keeps the answer.
    const attackers = await start();
    const returned = await signInAtProvider(attackers.headers.location!, uniqueLogin('csrf'));
    // The victim's browser: no flow of its own, or one of its own for another state.
    const victimsOwn = flowCookieOf(await start());
    for (const cookie of [undefined, victimsOwn, `${OIDC_FLOW_COOKIE}=made-up`]) {
      const res = await callback(returned, cookie);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: messages.oidcFailed });
      expect(JSON.stringify(res.json())).not.toContain('token');
    }
    expect(rawLogs()).toContain('flow not started in this browser');
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

  it('answers the same whatever Host header the callback carries', async () => {
    const started = await start();
    const returned = await signInAtProvider(started.headers.location!, uniqueLogin('origin'));
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/oidc/callback',
      headers: { host: 'elsewhere.test', cookie: flowCookieOf(started) },
      payload: Object.fromEntries(returned.searchParams),
    });
    expect(res.statusCode).toBe(200);
  });

  it('logs why, never a code, a token or an email', async () => {
    const started = await start();
    const returned = await signInAtProvider(started.headers.location!, 'unverified');
    await callback(returned, flowCookieOf(started));
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
