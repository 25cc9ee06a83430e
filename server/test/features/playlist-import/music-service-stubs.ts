import type { StubAnswer, StubRequest } from '#server-test/helpers/stub-http-server.ts';

export const SPOTIFY_PLAYLIST_ID = '37i9dQZF1DXcBWIGoYBM5M';
export const APPLE_PLAYLIST_ID = 'pl.f4d106fed2bd41149aaacabb233eb5eb';
export const SPOTIFY_CLIENT = { id: 'client-id', secret: 'client-secret' };
export const APPLE_TOKEN = 'apple-developer-token';

const spotifyTrack = (name: string, artists: string[], releaseDate: string) => ({
  added_at: '2026-01-01T00:00:00Z',
  is_local: false,
  track: {
    type: 'track',
    name,
    id: `t-${name}`,
    artists: artists.map((artist) => ({ name: artist, type: 'artist' })),
    album: { name: 'Album', release_date: releaseDate, release_date_precision: 'day' },
  },
});

/**
 * Spotify's accounts service (client credentials) and Web API (playlist tracks, two pages),
 * in the shapes of developer.spotify.com's reference.
 */
export function spotifyHandler(baseUrl: () => string) {
  return (request: StubRequest): StubAnswer => {
    const url = new URL(request.url, 'http://stub');
    if (request.method === 'POST' && url.pathname === '/api/token') {
      const expected = Buffer.from(`${SPOTIFY_CLIENT.id}:${SPOTIFY_CLIENT.secret}`).toString(
        'base64',
      );
      if (
        request.headers.authorization !== `Basic ${expected}` ||
        request.body !== 'grant_type=client_credentials'
      ) {
        return { status: 400, json: { error: 'invalid_client' } };
      }
      return { json: { access_token: 'spotify-token', token_type: 'Bearer', expires_in: 3600 } };
    }
    if (request.headers.authorization !== 'Bearer spotify-token') {
      return { status: 401, json: { error: { status: 401, message: 'Invalid access token' } } };
    }
    const tracksPath = `/v1/playlists/${SPOTIFY_PLAYLIST_ID}/tracks`;
    if (url.pathname === '/v1/playlists/emptyPlaylist000/tracks') {
      return { json: { items: [], next: null, total: 0 } };
    }
    if (url.pathname !== tracksPath) {
      return { status: 404, json: { error: { status: 404, message: 'Resource not found' } } };
    }
    if (url.searchParams.get('offset') === '3') {
      return {
        json: {
          items: [spotifyTrack('Jolene', ['Dolly Parton'], '1973-10-15')],
          next: null,
          total: 4,
        },
      };
    }
    return {
      json: {
        href: `${baseUrl()}${tracksPath}`,
        items: [
          spotifyTrack('Wonderwall - Remastered', ['Oasis'], '1995-10-02'),
          spotifyTrack('Shallow', ['Lady Gaga', 'Bradley Cooper'], '2018'),
          { added_at: '2026-01-01T00:00:00Z', track: null },
          { track: { type: 'episode', name: 'A podcast', artists: [], album: null } },
        ],
        next: `${baseUrl()}${tracksPath}?offset=3&limit=100`,
        total: 4,
      },
    };
  };
}

const appleSong = (name: string, artistName: string, releaseDate: string, genres: string[]) => ({
  id: `s-${name}`,
  type: 'songs',
  attributes: { name, artistName, releaseDate, genreNames: genres, albumName: 'Album' },
});

/** Apple Music's catalog API: a playlist with its first page of tracks, then a second page. */
export function appleMusicHandler(request: StubRequest): StubAnswer {
  const url = new URL(request.url, 'http://stub');
  if (request.headers.authorization !== `Bearer ${APPLE_TOKEN}`) {
    return { status: 401, json: { errors: [{ status: '401', title: 'Unauthorized' }] } };
  }
  const playlistPath = `/v1/catalog/gb/playlists/${APPLE_PLAYLIST_ID}`;
  if (url.pathname === playlistPath && url.searchParams.get('include') === 'tracks') {
    return {
      json: {
        data: [
          {
            id: APPLE_PLAYLIST_ID,
            type: 'playlists',
            attributes: { name: 'Acoustic Hits' },
            relationships: {
              tracks: {
                href: `${playlistPath}/tracks`,
                next: `${playlistPath}/tracks?offset=2`,
                data: [
                  appleSong('Perfect', 'Ed Sheeran', '2017-03-03', ['Pop', 'Music']),
                  appleSong('Fast Car', 'Tracy Chapman', '1988-04-05', [
                    'Singer/Songwriter',
                    'Music',
                  ]),
                ],
              },
            },
          },
        ],
      },
    };
  }
  if (url.pathname === `${playlistPath}/tracks` && url.searchParams.get('offset') === '2') {
    return { json: { data: [appleSong('Riptide', 'Vance Joy', '2013-05-17', ['Alternative'])] } };
  }
  return { status: 404, json: { errors: [{ status: '404', title: 'Resource Not Found' }] } };
}
