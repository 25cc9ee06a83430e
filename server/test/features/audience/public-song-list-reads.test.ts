import { describe, expect, it } from 'vitest';
import { createSong, registerMusician } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

describe('reading the public song list', () => {
  it('answers 304 with no body when the phone already holds the same list', async () => {
    const { app } = await startTestApp();
    const musician = await registerMusician(app);
    await createSong(app, musician);
    const url = `/api/musicians/${musician.musician.slug}/songs`;
    const first = await app.inject({ url });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);

    const again = await app.inject({ url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await createSong(app, musician, { title: 'Creep', artist: 'Radiohead' });
    const changed = await app.inject({ url, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toHaveLength(2);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('is limited per IP address', async () => {
    // The read budget is not in AppConfig's type until config.ts reads its variable.
    const { app } = await startTestApp({ rateLimit: { publicReadsPerIpPerMinute: 2 } });
    const musician = await registerMusician(app);
    const url = `/api/musicians/${musician.musician.slug}/songs`;
    const read = (ip: string) => app.inject({ url, remoteAddress: ip });
    expect((await read('203.0.113.5')).statusCode).toBe(200);
    expect((await read('203.0.113.5')).statusCode).toBe(200);
    expect((await read('203.0.113.5')).statusCode).toBe(429);
    expect((await read('198.51.100.5')).statusCode).toBe(200);
  });
});
