import { describe, expect, it } from 'vitest';
import { startTestApp } from '#server-test/helpers/test-app.ts';

const unset = await startTestApp();
const behindProxy = await startTestApp({ trustProxy: 1 });
const configured = await startTestApp({
  publicUrl: 'https://songs.example.com',
  supportEmail: 'help@example.com',
});

const config = (target: typeof unset, headers: Record<string, string> = {}) =>
  target.app.inject({ url: '/api/config', headers });

describe('GET /api/config', () => {
  it('answers the address the browser used when PUBLIC_URL is unset', async () => {
    const res = await config(unset, { host: '192.168.1.20:3000' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      public_url: 'http://192.168.1.20:3000',
      support_email: null,
      oidc_button_label: null,
    });
  });

  it('ignores forwarded headers unless TRUST_PROXY is set', async () => {
    const res = await config(unset, {
      host: 'internal:3000',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'songs.example.org',
    });
    expect(res.json().public_url).toBe('http://internal:3000');
  });

  it('honours X-Forwarded-Proto and X-Forwarded-Host behind a trusted proxy', async () => {
    const res = await config(behindProxy, {
      host: 'internal:3000',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'songs.example.org',
    });
    expect(res.json().public_url).toBe('https://songs.example.org');
  });

  it('falls back to PUBLIC_URL for a host header no browser would send', async () => {
    const res = await config(unset, { host: 'evil.example.com/<script>' });
    expect(res.json().public_url).toBe('http://localhost:3000');
  });

  it('answers PUBLIC_URL and SUPPORT_EMAIL when set, whatever the host', async () => {
    const res = await config(configured, { host: '10.0.0.5:3000' });
    expect(res.json()).toEqual({
      public_url: 'https://songs.example.com',
      support_email: 'help@example.com',
      oidc_button_label: null,
    });
  });

  it('names the identity-provider button when OIDC is set up', async () => {
    const withOidc = await startTestApp({
      oidc: {
        issuer: 'https://id.example.com',
        clientId: 'songs',
        clientSecret: 'secret',
        buttonLabel: 'Continue with Example ID',
      },
    });
    expect((await config(withOidc)).json()).toMatchObject({
      oidc_button_label: 'Continue with Example ID',
    });
  });
});
