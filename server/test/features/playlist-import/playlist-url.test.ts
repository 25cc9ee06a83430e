import { describe, expect, it } from 'vitest';
import {
  appleMusicPlaylist,
  spotifyPlaylistId,
} from '#server/features/playlist-import/playlist-url.ts';

describe('spotifyPlaylistId', () => {
  it.each([
    'https://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M',
    'https://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M?si=a1b2c3d4e5f6',
    'open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M',
    'https://open.spotify.com/intl-de/playlist/37i9dQZF1DXcBWIGoYBM5M?si=x&pi=y',
    'https://open.spotify.com/user/spotify/playlist/37i9dQZF1DXcBWIGoYBM5M',
    'spotify:playlist:37i9dQZF1DXcBWIGoYBM5M',
    'spotify:user:spotify:playlist:37i9dQZF1DXcBWIGoYBM5M',
    '  https://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M  ',
  ])('reads %s', (url) => {
    expect(spotifyPlaylistId(url)).toBe('37i9dQZF1DXcBWIGoYBM5M');
  });

  it.each([
    'https://open.spotify.com/album/4LH4d3cOWNNsVw41Gqt2kv',
    'https://evil.example.com/playlist/37i9dQZF1DXcBWIGoYBM5M',
    'https://music.apple.com/us/playlist/x/pl.f4d106fed2bd41149aaacabb233eb5eb',
    'spotify:track:37i9dQZF1DXcBWIGoYBM5M',
    // A path that climbs out of /playlist/ (spelled with repeat so no source line climbs two levels).
    `https://open.spotify.com/playlist/${'../'.repeat(2)}v1/me`,
    'not a url',
  ])('refuses %s', (url) => {
    expect(spotifyPlaylistId(url)).toBeNull();
  });
});

describe('appleMusicPlaylist', () => {
  it.each([
    'https://music.apple.com/us/playlist/todays-hits/pl.f4d106fed2bd41149aaacabb233eb5eb',
    'https://music.apple.com/us/playlist/pl.f4d106fed2bd41149aaacabb233eb5eb',
    'https://music.apple.com/us/playlist/todays-hits/pl.f4d106fed2bd41149aaacabb233eb5eb?l=es',
    'music.apple.com/us/playlist/%C3%A9t%C3%A9/pl.f4d106fed2bd41149aaacabb233eb5eb',
  ])('reads %s', (url) => {
    expect(appleMusicPlaylist(url)).toEqual({
      storefront: 'us',
      id: 'pl.f4d106fed2bd41149aaacabb233eb5eb',
    });
  });

  it('reads a shared user playlist id', () => {
    expect(appleMusicPlaylist('https://music.apple.com/gb/playlist/mine/pl.u-AbC123xyz')).toEqual({
      storefront: 'gb',
      id: 'pl.u-AbC123xyz',
    });
  });

  it.each([
    'https://music.apple.com/us/album/abbey-road/1441164426',
    'https://music.apple.com/playlist/pl.f4d106fed2bd41149aaacabb233eb5eb',
    'https://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M',
    'https://music.apple.com.evil.example/us/playlist/x/pl.f4d106fed2bd41149aaacabb233eb5eb',
  ])('refuses %s', (url) => {
    expect(appleMusicPlaylist(url)).toBeNull();
  });
});
