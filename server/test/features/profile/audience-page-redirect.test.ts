import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanUpLater } from '#server-test/helpers/cleanup.ts';
import { registerMusician, updateProfile } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

/** The smallest client build the server serves pages from. */
async function fakeClientBuild(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'audience-redirect-'));
  cleanUpLater(() => rm(dir, { recursive: true, force: true }));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>app</title>');
  await writeFile(join(dir, 'audience.html'), '<!doctype html><title>audience</title>');
  return dir;
}

const { app } = await startTestApp({ clientDir: await fakeClientBuild() });

describe('GET /musician/{old slug} (the audience page of a printed QR code)', () => {
  it('answers 308 to the page under the current slug, query kept', async () => {
    const musician = await registerMusician(app);
    const old = musician.musician.slug;
    const renamed = `${old}-on-tour`;
    await updateProfile(app, musician, { slug: renamed });

    const res = await app.inject({ url: `/musician/${old}?sort=newest` });
    expect(res.statusCode).toBe(308);
    expect(res.headers.location).toBe(`/musician/${renamed}?sort=newest`);

    const page = await app.inject({ url: `/musician/${renamed}?sort=newest` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>audience</title>');
  });

  it('serves the page as before for a current or unknown slug', async () => {
    const musician = await registerMusician(app);
    for (const slug of [musician.musician.slug, 'nobody-ever-had-this-slug']) {
      const res = await app.inject({ url: `/musician/${slug}` });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>audience</title>');
    }
  });

  it('serves the new owner once another musician claims the old slug', async () => {
    const first = await registerMusician(app);
    const second = await registerMusician(app);
    const old = first.musician.slug;
    await updateProfile(app, first, { slug: `${old}-moved` });
    await updateProfile(app, second, { slug: old });
    const res = await app.inject({ url: `/musician/${old}` });
    expect(res.statusCode).toBe(200);
  });
});
