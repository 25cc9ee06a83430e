import { describe, expect, it } from 'vitest';
import { DEFAULT_DESIGN } from '#shared/audience-constants.ts';
import { messages } from '#shared/messages.ts';
import { registerMusician, saveDesign, updateProfile } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

const { app } = await startTestApp();

describe('GET /api/musicians/:slug/access-check', () => {
  it('grants access to every musician in free mode, with no message', async () => {
    const musician = await registerMusician(app);
    const res = await app.inject({ url: `/api/musicians/${musician.musician.slug}/access-check` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ access_granted: true, message: '' });
  });

  it('stays granted while requests are off (the page is open, only requests are not)', async () => {
    const musician = await registerMusician(app);
    await updateProfile(app, musician, { requests_enabled: false, tips_enabled: false });
    const res = await app.inject({ url: `/api/musicians/${musician.musician.slug}/access-check` });
    expect(res.json()).toEqual({ access_granted: true, message: '' });
  });
});

describe('GET /api/musicians/:slug/design', () => {
  it("answers spec section 3's defaults with the musician's name and bio when none was saved", async () => {
    const musician = await registerMusician(app, { name: 'Default Look' });
    await updateProfile(app, musician, { bio: 'Covers and originals since 2009.' });
    const res = await app.inject({ url: `/api/musicians/${musician.musician.slug}/design` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ...DEFAULT_DESIGN,
      musician_name: 'Default Look',
      bio: 'Covers and originals since 2009.',
    });
  });

  it('answers the saved design', async () => {
    const musician = await registerMusician(app, { name: 'Saved Look' });
    await saveDesign(app, musician, {
      colorScheme: 'orange',
      layoutMode: 'list',
      artistPhoto: 'https://example.com/photo.jpg',
      bannerImage: 'https://example.com/banner.jpg',
      showYear: false,
      showNotes: false,
      allowSongSuggestions: false,
    });
    const res = await app.inject({ url: `/api/musicians/${musician.musician.slug}/design` });
    expect(res.json()).toEqual({
      color_scheme: 'orange',
      layout_mode: 'list',
      artist_photo: 'https://example.com/photo.jpg',
      banner_image: 'https://example.com/banner.jpg',
      show_year: false,
      show_notes: false,
      allow_song_suggestions: false,
      musician_name: 'Saved Look',
      bio: '',
    });
  });

  it('carries only public fields: no email, no id, no dates', async () => {
    const musician = await registerMusician(app);
    await saveDesign(app, musician, { colorScheme: 'blue' });
    const res = await app.inject({ url: `/api/musicians/${musician.musician.slug}/design` });
    const text = res.body;
    expect(text).not.toContain(musician.email);
    expect(text).not.toContain(musician.musician.id);
    expect(Object.keys(res.json()).sort()).toEqual(
      [...Object.keys(DEFAULT_DESIGN), 'musician_name', 'bio'].sort(),
    );
  });
});

describe('unknown and hostile slugs', () => {
  const routes = ['access-check', 'design', 'tip-links?amount=5'];

  it.each(routes)('GET /musicians/{unknown}/%s answers 404 Musician not found', async (route) => {
    const res = await app.inject({ url: `/api/musicians/no-such-musician/${route}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: messages.musicianNotFound });
  });

  it.each([
    ['a NUL byte', 'band%00name'],
    ['emoji', encodeURIComponent('🎸band')],
    ['spaces', 'my%20band'],
    ['a 10,000-character slug', 'a'.repeat(10_000)],
    ['a dot', '..'],
  ])('refuses %s with a 4xx and a detail, never a 500', async (_name, slug) => {
    for (const route of [...routes, '', 'songs', 'playlists', 'filters']) {
      const res = await app.inject({ url: `/api/musicians/${slug}/${route}` });
      expect(res.statusCode, `${route}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${route}: ${res.body}`).toBeLessThan(500);
      expect(res.json().detail).toEqual(expect.any(String));
    }
    const tip = await app.inject({
      method: 'POST',
      url: `/api/musicians/${slug}/tips`,
      payload: { amount: 5, platform: 'venmo' },
    });
    expect(tip.statusCode).toBeGreaterThanOrEqual(400);
    expect(tip.statusCode).toBeLessThan(500);
    expect(tip.json().detail).toEqual(expect.any(String));
  });
});
