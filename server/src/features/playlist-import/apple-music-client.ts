import { z } from 'zod';
import { messages } from '#shared/messages.ts';
import { HttpError } from '#server/http/errors.ts';
import { fetchJson } from './http-json.ts';
import { PLAYLIST_MAX_TRACKS, yearOf, type PlaylistTrack } from './playlist-track.ts';

interface AppleMusicOptions {
  /** The developer token (a JWT) from the Apple Developer account. */
  token: string;
  apiUrl: string;
  timeoutMs: number;
}

const Song = z.object({
  attributes: z
    .object({
      name: z.string(),
      artistName: z.string(),
      releaseDate: z.string().nullish(),
      genreNames: z.array(z.string()).default([]),
    })
    .nullish(),
});
const TrackList = z.object({ data: z.array(Song).default([]), next: z.string().nullish() });

/** GET /v1/catalog/{storefront}/playlists/{id}: the playlist with its first page of tracks. */
const PlaylistResponse = z.object({
  data: z
    .array(z.object({ relationships: z.object({ tracks: TrackList }).partial().nullish() }))
    .min(1),
});

/** Apple's umbrella genre on every song; it says nothing. */
const GENERIC_GENRES = new Set(['Music']);

/** Apple Music's catalog API with a developer token: public playlists of one storefront. */
export function appleMusicClient(options: AppleMusicOptions) {
  const get = (path: string) =>
    fetchJson(`${options.apiUrl}${path}`, {
      headers: { authorization: `Bearer ${options.token}` },
      timeoutMs: options.timeoutMs,
    });

  function toTracks(songs: z.infer<typeof Song>[]): PlaylistTrack[] {
    return songs.flatMap(({ attributes }) =>
      attributes
        ? [
            {
              title: attributes.name,
              artist: attributes.artistName,
              year: yearOf(attributes.releaseDate),
              genres: attributes.genreNames.filter((genre) => !GENERIC_GENRES.has(genre)),
            },
          ]
        : [],
    );
  }

  return {
    async playlistTracks(storefront: string, playlistId: string): Promise<PlaylistTrack[]> {
      const first = PlaylistResponse.safeParse(
        await get(
          `/v1/catalog/${storefront}/playlists/${encodeURIComponent(playlistId)}?include=tracks`,
        ),
      );
      if (!first.success) throw new HttpError(502, messages.playlistSourceUnavailable);
      const tracksPage = first.data.data[0]!.relationships?.tracks;
      const tracks = toTracks(tracksPage?.data ?? []);
      let next = tracksPage?.next;
      // `next` is a path such as /v1/catalog/us/playlists/pl.x/tracks?offset=100; the host is ours.
      while (next?.startsWith('/v1/') && tracks.length < PLAYLIST_MAX_TRACKS) {
        const page = TrackList.safeParse(await get(next));
        if (!page.success) throw new HttpError(502, messages.playlistSourceUnavailable);
        tracks.push(...toTracks(page.data.data));
        next = page.data.next;
      }
      return tracks.slice(0, PLAYLIST_MAX_TRACKS);
    },
  };
}
