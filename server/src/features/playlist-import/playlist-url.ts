/**
 * Playlist links as people paste them: share links with tracking parameters, localised paths,
 * app URIs. Only the id (and Apple's storefront) is taken; the rest of the URL is never used.
 */

const SPOTIFY_ID = /^[A-Za-z0-9]{10,40}$/;
const APPLE_ID = /^pl\.[A-Za-z0-9-]{4,80}$/;
const STOREFRONT = /^[a-z]{2}$/;

function asUrl(text: string): URL | null {
  try {
    return new URL(/^[a-z]+:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
}

/**
 * open.spotify.com/playlist/{id}?si=..., open.spotify.com/intl-de/playlist/{id},
 * open.spotify.com/user/{user}/playlist/{id}, spotify:playlist:{id}, spotify:user:{u}:playlist:{id}
 */
export function spotifyPlaylistId(input: string): string | null {
  const text = input.trim();
  const uri = /^spotify:(?:user:[^:]+:)?playlist:([^:?#\s]+)$/i.exec(text);
  if (uri) return SPOTIFY_ID.test(uri[1]!) ? uri[1]! : null;
  const url = asUrl(text);
  if (!url || !['open.spotify.com', 'play.spotify.com'].includes(url.hostname)) return null;
  const segments = url.pathname.split('/').filter(Boolean);
  const index = segments.indexOf('playlist');
  const id = index >= 0 ? segments[index + 1] : undefined;
  return id && SPOTIFY_ID.test(id) ? id : null;
}

/** music.apple.com/{storefront}/playlist/{name}/{pl.id}, also without the name, or ?l=en. */
export function appleMusicPlaylist(input: string): { storefront: string; id: string } | null {
  const url = asUrl(input.trim());
  if (!url || !['music.apple.com', 'itunes.apple.com'].includes(url.hostname)) return null;
  const [storefront, kind, ...rest] = url.pathname.split('/').filter(Boolean);
  const id = rest.at(-1);
  if (!storefront || !STOREFRONT.test(storefront) || kind !== 'playlist' || !id) return null;
  return APPLE_ID.test(id) ? { storefront, id } : null;
}
