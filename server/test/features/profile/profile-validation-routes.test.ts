import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { registerMusician, type TestMusician } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

const { app } = await startTestApp();

const update = (musician: TestMusician, payload: object) =>
  app.inject({ method: 'PUT', url: '/api/profile', headers: musician.auth, payload });

const slugAvailable = (musician: TestMusician, slug: string) =>
  app.inject({
    url: `/api/profile/slug-available?slug=${encodeURIComponent(slug)}`,
    headers: musician.auth,
  });

describe('PUT /api/profile field rules', () => {
  it('saves every field of the Profile Settings form', async () => {
    const musician = await registerMusician(app);
    const res = await update(musician, {
      name: 'The Piano Man',
      bio: 'Classics, on request.',
      website: 'pianoman.example.com',
      paypal_username: '@PianoPal',
      venmo_username: 'piano-venmo',
      cash_app_username: '$PianoCash',
      zelle_email: 'zelle@example.com',
      zelle_phone: '+1 (555) 010-0100',
      instagram_username: '@piano.gram',
      facebook_username: 'pianoman',
      tiktok_username: '@pianotok',
      spotify_artist_url: 'https://open.spotify.com/artist/abc123',
      apple_music_artist_url: 'https://music.apple.com/us/artist/piano/123',
      venmo_enabled: false,
      paypal_enabled: true,
      cash_app_enabled: false,
      zelle_enabled: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'The Piano Man',
      website: 'https://pianoman.example.com',
      paypal_username: 'PianoPal',
      cash_app_username: 'PianoCash',
      instagram_username: 'piano.gram',
      tiktok_username: 'pianotok',
      zelle_phone: '+1 (555) 010-0100',
      spotify_artist_url: 'https://open.spotify.com/artist/abc123',
      venmo_enabled: false,
      cash_app_enabled: false,
    });
    const profile = await app.inject({ url: '/api/profile', headers: musician.auth });
    expect(profile.json()).toEqual(res.json());
  });

  it('lets every optional field be cleared', async () => {
    const musician = await registerMusician(app);
    await update(musician, { website: 'https://a.example.com', zelle_email: 'z@example.com' });
    const res = await update(musician, {
      website: '',
      zelle_email: '',
      zelle_phone: '',
      spotify_artist_url: '',
      apple_music_artist_url: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ website: '', zelle_email: '' });
  });

  it.each([
    [{ website: 'not a website' }, messages.websiteInvalid],
    [{ website: 'javascript:alert(1)' }, messages.websiteInvalid],
    [{ website: 'ftp://files.example.com' }, messages.websiteInvalid],
    [{ spotify_artist_url: 'https://example.com/artist/1' }, messages.spotifyArtistUrlInvalid],
    [{ spotify_artist_url: 'spotify' }, messages.spotifyArtistUrlInvalid],
    [{ apple_music_artist_url: 'https://open.spotify.com/x' }, messages.appleMusicArtistUrlInvalid],
    [{ zelle_email: 'zelle at example' }, messages.zelleEmailInvalid],
    [{ zelle_phone: 'call me' }, messages.zellePhoneInvalid],
    [{ zelle_phone: '12-34' }, messages.zellePhoneInvalid],
    [{ name: '' }, messages.nameRequired],
    [{ slug: 'Not Valid!' }, messages.slugInvalid],
  ])('refuses %j with a detail saying what to fix', async (payload, detail) => {
    const musician = await registerMusician(app);
    const res = await update(musician, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail });
  });

  it("changes only the caller's own profile", async () => {
    const musician = await registerMusician(app);
    const other = await registerMusician(app);
    await update(musician, { bio: 'Mine' });
    const otherProfile = await app.inject({ url: '/api/profile', headers: other.auth });
    expect(otherProfile.json()).toMatchObject({ id: other.musician.id, bio: '' });
  });
});

describe('GET /api/profile/slug-available', () => {
  it('says a free slug is available, in its saved form', async () => {
    const musician = await registerMusician(app);
    const res = await slugAvailable(musician, '  Brand-New-Name ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      available: true,
      slug: 'brand-new-name',
      message: messages.slugAvailable,
    });
  });

  it("says another musician's slug is taken, and the caller's own is current", async () => {
    const musician = await registerMusician(app);
    const other = await registerMusician(app);
    expect((await slugAvailable(musician, other.musician.slug)).json()).toEqual({
      available: false,
      slug: other.musician.slug,
      message: messages.slugTaken,
    });
    expect((await slugAvailable(musician, musician.musician.slug)).json()).toEqual({
      available: true,
      slug: musician.musician.slug,
      message: messages.slugCurrent,
    });
  });

  it.each(['ab', 'has space', 'trailing-', 'a--b', 'ünicode', ''])(
    'says %j is not a valid slug',
    async (slug) => {
      const musician = await registerMusician(app);
      const res = await slugAvailable(musician, slug);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ available: false, message: messages.slugInvalid });
    },
  );

  it("offers another musician's old slug (it is free to claim)", async () => {
    const musician = await registerMusician(app);
    const other = await registerMusician(app);
    const old = other.musician.slug;
    await update(other, { slug: `${old}-renamed` });
    expect((await slugAvailable(musician, old)).json()).toMatchObject({ available: true });
  });

  it('needs a signed-in musician', async () => {
    const res = await app.inject({ url: '/api/profile/slug-available?slug=abc' });
    expect(res.statusCode).toBe(401);
  });
});
