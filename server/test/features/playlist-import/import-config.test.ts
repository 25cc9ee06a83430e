import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';

describe('import and metadata configuration', () => {
  it('has defaults that work with no env: MusicBrainz on, no playlist credentials', () => {
    const { metadata, playlistImport } = loadConfig({});
    expect(metadata).toEqual({
      musicbrainzEnabled: true,
      musicbrainzUrl: 'https://musicbrainz.org',
      musicbrainzTimeoutMs: 3000,
      musicbrainzMinIntervalMs: 1000,
      enrichBudgetMs: 10_000,
    });
    expect(playlistImport).toMatchObject({
      spotifyClientId: undefined,
      spotifyClientSecret: undefined,
      appleMusicToken: undefined,
      spotifyAccountsUrl: 'https://accounts.spotify.com',
      spotifyApiUrl: 'https://api.spotify.com',
      appleMusicApiUrl: 'https://api.music.apple.com',
    });
  });

  it('reads the variables of the README table', () => {
    const { metadata, playlistImport } = loadConfig({
      MUSICBRAINZ_ENABLED: 'false',
      MUSICBRAINZ_URL: 'http://mb.local:5000/',
      MUSICBRAINZ_TIMEOUT_MS: '500',
      METADATA_ENRICH_BUDGET_MS: '2000',
      SPOTIFY_CLIENT_ID: 'id',
      SPOTIFY_CLIENT_SECRET: 'secret',
      SPOTIFY_API_URL: 'http://stub/',
      APPLE_MUSIC_TOKEN: 'jwt',
      PLAYLIST_IMPORT_TIMEOUT_MS: '1500',
    });
    expect(metadata).toMatchObject({
      musicbrainzEnabled: false,
      musicbrainzUrl: 'http://mb.local:5000',
      musicbrainzTimeoutMs: 500,
      enrichBudgetMs: 2000,
    });
    expect(playlistImport).toMatchObject({
      spotifyClientId: 'id',
      spotifyClientSecret: 'secret',
      spotifyApiUrl: 'http://stub',
      appleMusicToken: 'jwt',
      timeoutMs: 1500,
    });
  });

  it('refuses a timeout that is not a number, naming it', () => {
    expect(() => loadConfig({ MUSICBRAINZ_TIMEOUT_MS: 'soon' })).toThrow(/MUSICBRAINZ_TIMEOUT_MS/);
  });
});
