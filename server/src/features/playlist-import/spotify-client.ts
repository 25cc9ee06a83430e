import { z } from 'zod';
import { messages } from '#shared/messages.ts';
import { HttpError } from '#server/http/errors.ts';
import { fetchJson } from './http-json.ts';
import { PLAYLIST_MAX_TRACKS, yearOf, type PlaylistTrack } from './playlist-track.ts';

interface SpotifyOptions {
  clientId: string;
  clientSecret: string;
  accountsUrl: string;
  apiUrl: string;
  timeoutMs: number;
}

const TokenResponse = z.object({ access_token: z.string(), expires_in: z.number().default(3600) });

/** GET /v1/playlists/{id}/tracks: a page of items; `track` is null for removed tracks. */
const TracksPage = z.object({
  items: z.array(
    z.object({
      track: z
        .object({
          name: z.string(),
          type: z.string().optional(),
          artists: z.array(z.object({ name: z.string() })).default([]),
          album: z.object({ release_date: z.string().nullish() }).nullish(),
        })
        .nullish(),
    }),
  ),
  next: z.string().nullish(),
});

const FIELDS = 'items(track(name,type,artists(name),album(release_date))),next';

/** Spotify's Web API with the client-credentials flow: public playlists, no user sign-in. */
export function spotifyClient(options: SpotifyOptions) {
  let token: { value: string; expiresAt: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return token.value;
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const body = await fetchJson(`${options.accountsUrl}/api/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
      timeoutMs: options.timeoutMs,
    }).catch((error: unknown) => {
      // The token endpoint answers 400 invalid_client to wrong credentials.
      throw error instanceof HttpError && error.statusCode === 404
        ? new HttpError(502, messages.playlistSourceRefused)
        : error;
    });
    const parsed = TokenResponse.safeParse(body);
    if (!parsed.success) throw new HttpError(502, messages.playlistSourceUnavailable);
    // Renewed a minute early so a long import never runs on an expired token.
    const expiresAt = Date.now() + (parsed.data.expires_in - 60) * 1000;
    token = { value: parsed.data.access_token, expiresAt };
    return token.value;
  }

  async function page(url: string): Promise<z.infer<typeof TracksPage>> {
    const get = async () =>
      fetchJson(url, {
        headers: { authorization: `Bearer ${await accessToken()}` },
        timeoutMs: options.timeoutMs,
      });
    const body = await get().catch(async (error: unknown) => {
      if (!(error instanceof HttpError && error.message === messages.playlistSourceRefused)) {
        throw error;
      }
      token = null; // maybe revoked early: one retry with a fresh token
      return get();
    });
    const parsed = TracksPage.safeParse(body);
    if (!parsed.success) throw new HttpError(502, messages.playlistSourceUnavailable);
    return parsed.data;
  }

  return {
    async playlistTracks(playlistId: string): Promise<PlaylistTrack[]> {
      const tracks: PlaylistTrack[] = [];
      let url: string | null | undefined =
        `${options.apiUrl}/v1/playlists/${encodeURIComponent(playlistId)}/tracks` +
        `?limit=100&fields=${encodeURIComponent(FIELDS)}`;
      while (url && tracks.length < PLAYLIST_MAX_TRACKS) {
        const { items, next } = await page(url);
        for (const { track } of items) {
          if (!track || (track.type && track.type !== 'track')) continue; // podcast episodes
          tracks.push({
            title: track.name,
            artist: track.artists.map((artist) => artist.name).join(', '),
            year: yearOf(track.album?.release_date),
            genres: [],
          });
        }
        // Only ever follow links back to the same API, whatever a response says.
        url = next?.startsWith(`${options.apiUrl}/`) ? next : null;
      }
      return tracks.slice(0, PLAYLIST_MAX_TRACKS);
    },
  };
}
