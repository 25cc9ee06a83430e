import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import type { PlaylistImportResponse } from '#shared/schemas/song-import.ts';
import type { Song } from '#shared/schemas/song.ts';
import { createSong, registerMusician, type TestMusician } from '#server-test/helpers/factories.ts';
import { startTestApp, testConfig, type TestApp } from '#server-test/helpers/test-app.ts';
import { deadUrl, startStubServer } from '#server-test/helpers/stub-http-server.ts';
import {
  APPLE_PLAYLIST_ID,
  APPLE_TOKEN,
  appleMusicHandler,
  SPOTIFY_CLIENT,
  SPOTIFY_PLAYLIST_ID,
  spotifyHandler,
} from './music-service-stubs.ts';

let spotifyUrl = '';
const spotify = await startStubServer(spotifyHandler(() => spotifyUrl));
spotifyUrl = spotify.url;
const apple = await startStubServer(appleMusicHandler);

const playlistConfig = (overrides: Partial<ReturnType<typeof testConfig>['playlistImport']>) => ({
  playlistImport: { ...testConfig().playlistImport, timeoutMs: 2000, ...overrides },
  metadata: { ...testConfig().metadata, musicbrainzEnabled: false },
});

const configured = await startTestApp(
  playlistConfig({
    spotifyClientId: SPOTIFY_CLIENT.id,
    spotifyClientSecret: SPOTIFY_CLIENT.secret,
    spotifyAccountsUrl: spotify.url,
    spotifyApiUrl: spotify.url,
    appleMusicToken: APPLE_TOKEN,
    appleMusicApiUrl: apple.url,
  }),
);
const { app } = configured;

const SPOTIFY_LINK = `https://open.spotify.com/playlist/${SPOTIFY_PLAYLIST_ID}?si=abc123`;
const APPLE_LINK = `https://music.apple.com/gb/playlist/acoustic-hits/${APPLE_PLAYLIST_ID}`;

const importPlaylist = (
  target: TestApp,
  musician: TestMusician | null,
  payload: Record<string, unknown>,
) =>
  target.app.inject({
    method: 'POST',
    url: '/api/songs/playlist/import',
    headers: musician?.auth ?? {},
    payload,
  });

const songsOf = async (musician: TestMusician) =>
  (await app.inject({ url: '/api/songs?sort_by=title', headers: musician.auth })).json<Song[]>();

describe('POST /api/songs/playlist/import from Spotify', () => {
  it('reads every page of a public playlist with a client-credentials token', async () => {
    const musician = await registerMusician(app);
    await createSong(app, musician, { title: 'jolene', artist: 'DOLLY PARTON' });
    const res = await importPlaylist(configured, musician, {
      playlist_url: SPOTIFY_LINK,
      platform: 'spotify',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PlaylistImportResponse>()).toEqual({
      songs_added: 2,
      skipped: 1,
      total_tracks: 3,
      errors: [],
      message: 'Added 2 songs. 1 song already in your list skipped.',
    });
    expect(
      (await songsOf(musician)).map(({ title, artist, year }) => ({ title, artist, year })),
    ).toEqual([
      { title: 'jolene', artist: 'DOLLY PARTON', year: 1995 },
      { title: 'Shallow', artist: 'Lady Gaga, Bradley Cooper', year: 2018 },
      { title: 'Wonderwall - Remastered', artist: 'Oasis', year: 1995 },
    ]);
    const tokenCall = spotify.requests.find((request) => request.url === '/api/token');
    expect(tokenCall?.method).toBe('POST');
  });

  it('reuses its token for the next import', async () => {
    const musician = await registerMusician(app);
    const tokensBefore = spotify.requests.filter((request) => request.url === '/api/token').length;
    await importPlaylist(configured, musician, {
      playlist_url: `spotify:playlist:${SPOTIFY_PLAYLIST_ID}`,
      platform: 'spotify',
    });
    const tokensAfter = spotify.requests.filter((request) => request.url === '/api/token').length;
    expect(tokensAfter).toBe(tokensBefore);
    expect((await songsOf(musician)).length).toBe(3);
  });

  it('answers 404 for a playlist Spotify does not know', async () => {
    const musician = await registerMusician(app);
    const res = await importPlaylist(configured, musician, {
      playlist_url: 'https://open.spotify.com/playlist/0000000000000000000000',
      platform: 'spotify',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: messages.playlistSourceNotFound });
  });

  it('answers 400 for an empty playlist', async () => {
    const musician = await registerMusician(app);
    const res = await importPlaylist(configured, musician, {
      playlist_url: 'spotify:playlist:emptyPlaylist000',
      platform: 'spotify',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: messages.playlistEmpty });
  });
});

describe('POST /api/songs/playlist/import from Apple Music', () => {
  it('reads the playlist and its next page with the developer token', async () => {
    const musician = await registerMusician(app);
    const res = await importPlaylist(configured, musician, {
      playlist_url: APPLE_LINK,
      platform: 'apple_music',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ songs_added: 3, skipped: 0, total_tracks: 3 });
    expect(
      (await songsOf(musician)).map(({ title, artist, genres, year }) => ({
        title,
        artist,
        genres,
        year,
      })),
    ).toEqual([
      { title: 'Fast Car', artist: 'Tracy Chapman', genres: ['Singer/Songwriter'], year: 1988 },
      { title: 'Perfect', artist: 'Ed Sheeran', genres: ['Pop'], year: 2017 },
      { title: 'Riptide', artist: 'Vance Joy', genres: ['Alternative'], year: 2013 },
    ]);
    expect(apple.requests[0]?.headers.authorization).toBe(`Bearer ${APPLE_TOKEN}`);
  });
});

describe('bad input', () => {
  it.each([
    [{ platform: 'spotify' }, messages.playlistUrlRequired],
    [{ playlist_url: '   ', platform: 'spotify' }, messages.playlistUrlRequired],
    [{ playlist_url: SPOTIFY_LINK, platform: 'deezer' }, messages.playlistPlatformInvalid],
    [{ playlist_url: SPOTIFY_LINK }, messages.playlistPlatformInvalid],
    [{ playlist_url: APPLE_LINK, platform: 'spotify' }, messages.spotifyUrlInvalid],
    [{ playlist_url: SPOTIFY_LINK, platform: 'apple_music' }, messages.appleMusicUrlInvalid],
    [{ playlist_url: 'https://example.com/x', platform: 'spotify' }, messages.spotifyUrlInvalid],
  ])('answers 400 to %o', async (payload, detail) => {
    const musician = await registerMusician(app);
    const res = await importPlaylist(configured, musician, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail });
  });

  it('needs a musician token', async () => {
    const res = await importPlaylist(configured, null, {
      playlist_url: SPOTIFY_LINK,
      platform: 'spotify',
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('without credentials or service', () => {
  it('answers 503 naming what to configure', async () => {
    const bare = await startTestApp(playlistConfig({}));
    const musician = await registerMusician(bare.app);
    const noSpotify = await importPlaylist(bare, musician, {
      playlist_url: SPOTIFY_LINK,
      platform: 'spotify',
    });
    expect(noSpotify.statusCode).toBe(503);
    expect(noSpotify.json()).toEqual({ detail: messages.spotifyNotConfigured });
    expect(messages.spotifyNotConfigured).toContain('SPOTIFY_CLIENT_ID and SPOTIFY_CLIENT_SECRET');

    const noApple = await importPlaylist(bare, musician, {
      playlist_url: APPLE_LINK,
      platform: 'apple_music',
    });
    expect(noApple.statusCode).toBe(503);
    expect(noApple.json()).toEqual({ detail: messages.appleMusicNotConfigured });
    expect(messages.appleMusicNotConfigured).toContain('APPLE_MUSIC_TOKEN');
  });

  it('answers 502 when credentials are refused or the service is unreachable', async () => {
    const broken = await startTestApp(
      playlistConfig({
        spotifyClientId: SPOTIFY_CLIENT.id,
        spotifyClientSecret: 'wrong',
        spotifyAccountsUrl: spotify.url,
        spotifyApiUrl: spotify.url,
        appleMusicToken: APPLE_TOKEN,
        appleMusicApiUrl: await deadUrl(),
      }),
    );
    const musician = await registerMusician(broken.app);
    const refused = await importPlaylist(broken, musician, {
      playlist_url: SPOTIFY_LINK,
      platform: 'spotify',
    });
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toEqual({ detail: messages.playlistSourceRefused });

    const down = await importPlaylist(broken, musician, {
      playlist_url: APPLE_LINK,
      platform: 'apple_music',
    });
    expect(down.statusCode).toBe(502);
    expect(down.json()).toEqual({ detail: messages.playlistSourceUnavailable });
  });
});
