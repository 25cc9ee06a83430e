import { describe, expect, it } from 'vitest';
import { startTestApp } from '#server-test/helpers/test-app.ts';

const { app } = await startTestApp({
  publicUrl: 'https://songs.example.com',
  supportEmail: 'help@example.com',
});

describe('GET /api/health', () => {
  it('reports the database kind and that it answers', async () => {
    const res = await app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      database: { kind: process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite', status: 'ok' },
    });
  });
});

describe('GET /api/config', () => {
  it('tells the client the audience host and the support address', async () => {
    const res = await app.inject({ url: '/api/config' });
    expect(res.json()).toEqual({
      public_url: 'https://songs.example.com',
      support_email: 'help@example.com',
      oidc_button_label: null,
    });
  });
});
