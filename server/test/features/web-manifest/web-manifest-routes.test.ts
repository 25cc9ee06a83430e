import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { MANIFEST_LOOK } from '#server/features/web-manifest/web-manifest-service.ts';
import { registerMusician, updateProfile } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

const { app } = await startTestApp();
const publicDir = resolve(import.meta.dirname, '..', '..', '..', '..', 'client', 'public');
const manifestUrl = (slug: string) => `/api/musicians/${slug}/manifest.webmanifest`;

describe('GET /api/musicians/:slug/manifest.webmanifest', () => {
  it("installs the audience page as the musician's own app, scoped to their page", async () => {
    const musician = await registerMusician(app, { name: 'Dana & The Night Owls 🦉' });
    const { slug } = musician.musician;
    const res = await app.inject({ url: manifestUrl(slug) });

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual({
      id: `/musician/${slug}`,
      name: 'Dana & The Night Owls 🦉',
      description: 'Request songs from Dana & The Night Owls 🦉 and follow the show live.',
      start_url: `/musician/${slug}`,
      scope: `/musician/${slug}`,
      display: 'standalone',
      lang: 'en',
      ...MANIFEST_LOOK,
    });
  });

  it('tells nothing private about the musician', async () => {
    const musician = await registerMusician(app);
    const res = await app.inject({ url: manifestUrl(musician.musician.slug) });
    expect(res.body).not.toContain(musician.email);
    expect(res.body).not.toContain(musician.musician.id);
  });

  it('follows a renamed name at once', async () => {
    const musician = await registerMusician(app, { name: 'Before' });
    await updateProfile(app, musician, { name: 'After' });
    const res = await app.inject({ url: manifestUrl(musician.musician.slug) });
    expect(res.json()).toMatchObject({ name: 'After' });
  });

  it("sends an app installed under an old slug to the musician's current one", async () => {
    const musician = await registerMusician(app);
    const old = musician.musician.slug;
    const renamed = `${old}-renamed`;
    await updateProfile(app, musician, { slug: renamed });

    const res = await app.inject({ url: manifestUrl(old) });
    expect(res.statusCode).toBe(308);
    expect(res.headers.location).toBe(manifestUrl(renamed));
    const moved = await app.inject({ url: res.headers.location! });
    expect(moved.json()).toMatchObject({ start_url: `/musician/${renamed}` });
  });

  it('finds the slug whatever its case', async () => {
    const musician = await registerMusician(app);
    const res = await app.inject({ url: manifestUrl(musician.musician.slug.toUpperCase()) });
    expect(res.statusCode).toBe(200);
  });

  it('answers 404 {detail} for a slug nobody uses, and 4xx for hostile ones', async () => {
    const unknown = await app.inject({ url: manifestUrl('no-such-musician') });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: messages.musicianNotFound });

    for (const slug of ['%00', '..%2F..%2Fetc', 'x'.repeat(500), '%F0%9F%A6%89', "a'--"]) {
      const res = await app.inject({ url: manifestUrl(slug) });
      expect(res.statusCode, slug).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, slug).toBeLessThan(500);
      expect(res.json(), slug).toHaveProperty('detail');
    }
  });
});

describe('the two manifests', () => {
  it("look alike: the audience page's has the colours and icons of the musician's app", async () => {
    const own = JSON.parse(await readFile(join(publicDir, 'manifest.webmanifest'), 'utf8'));
    expect(own).toMatchObject({
      name: messages.webManifestAppName,
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      ...MANIFEST_LOOK,
    });
  });

  it('name icons that exist at the sizes they claim', async () => {
    for (const icon of MANIFEST_LOOK.icons) {
      const { width, height, format } = await sharp(join(publicDir, icon.src)).metadata();
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
      expect(`image/${format}`, icon.src).toBe(icon.type);
    }
    const touch = await sharp(join(publicDir, 'icons', 'apple-touch-icon.png')).metadata();
    expect([touch.width, touch.height]).toEqual([180, 180]);
  });

  it('fill the maskable and iOS icons edge to edge (a crop or iOS shows no hole)', async () => {
    for (const file of ['icon-maskable-512.png', 'apple-touch-icon.png']) {
      const { isOpaque } = await sharp(join(publicDir, 'icons', file)).stats();
      expect(isOpaque, file).toBe(true);
    }
  });
});

describe('GET /api/musicians/:slug/screen.webmanifest', () => {
  it("installs the venue screen full screen, opening on the musician's screen", async () => {
    const musician = await registerMusician(app, { name: 'The Night Owls' });
    const { slug } = musician.musician;
    const res = await app.inject({ url: `/api/musicians/${slug}/screen.webmanifest` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(res.json()).toMatchObject({
      id: `/screen/${slug}`,
      name: 'The Night Owls: venue screen',
      start_url: `/screen/${slug}`,
      scope: `/screen/${slug}`,
      display: 'fullscreen',
    });
    expect(res.body).not.toContain(musician.email);
    const unknown = await app.inject({ url: '/api/musicians/nobody-at-all/screen.webmanifest' });
    expect(unknown.json()).toEqual({ detail: messages.musicianNotFound });
  });
});
