import { messages } from '#shared/messages.ts';
import type {
  ImportRowError,
  PlaylistImportBody,
  PlaylistImportResponse,
} from '#shared/schemas/song-import.ts';
import { firstIssueMessage } from '#shared/schemas/human-errors.ts';
import { SongInput } from '#shared/schemas/song.ts';
import type { AppConfig } from '#server/config.ts';
import { badRequest, HttpError } from '#server/http/errors.ts';
import type { NewSong, SongImporter } from '#server/catalogue/song-importer.ts';
import { appleMusicClient } from './apple-music-client.ts';
import type { PlaylistTrack } from './playlist-track.ts';
import { appleMusicPlaylist, spotifyPlaylistId } from './playlist-url.ts';
import { spotifyClient } from './spotify-client.ts';

interface Deps {
  config: AppConfig['playlistImport'];
  songImport: SongImporter;
}

const notConfigured = (detail: string) => new HttpError(503, detail);

export function playlistImportService({ config, songImport }: Deps) {
  // Clients exist only when configured; the Spotify one keeps its token between imports.
  const spotify =
    config.spotifyClientId && config.spotifyClientSecret
      ? spotifyClient({
          clientId: config.spotifyClientId,
          clientSecret: config.spotifyClientSecret,
          accountsUrl: config.spotifyAccountsUrl,
          apiUrl: config.spotifyApiUrl,
          timeoutMs: config.timeoutMs,
        })
      : null;
  const apple = config.appleMusicToken
    ? appleMusicClient({
        token: config.appleMusicToken,
        apiUrl: config.appleMusicApiUrl,
        timeoutMs: config.timeoutMs,
      })
    : null;

  /** The link is checked before the configuration: a typo is the musician's to fix, not ours. */
  async function fetchTracks({ playlist_url, platform }: PlaylistImportBody) {
    if (platform === 'spotify') {
      const id = spotifyPlaylistId(playlist_url);
      if (!id) throw badRequest(messages.spotifyUrlInvalid);
      if (!spotify) throw notConfigured(messages.spotifyNotConfigured);
      return spotify.playlistTracks(id);
    }
    const playlist = appleMusicPlaylist(playlist_url);
    if (!playlist) throw badRequest(messages.appleMusicUrlInvalid);
    if (!apple) throw notConfigured(messages.appleMusicNotConfigured);
    return apple.playlistTracks(playlist.storefront, playlist.id);
  }

  /** Tracks become songs by the same rules as a typed song; a bad one is reported by position. */
  function toSongs(tracks: PlaylistTrack[]): { songs: NewSong[]; errors: ImportRowError[] } {
    const songs: NewSong[] = [];
    const errors: ImportRowError[] = [];
    tracks.forEach((track, index) => {
      const parsed = SongInput.safeParse({ ...track, moods: [] });
      if (parsed.success) songs.push(parsed.data);
      else errors.push({ line: index + 1, reason: firstIssueMessage(parsed.error) });
    });
    return { songs, errors };
  }

  return {
    async importPlaylist(
      musicianId: string,
      body: PlaylistImportBody,
    ): Promise<PlaylistImportResponse> {
      const tracks = await fetchTracks(body);
      if (tracks.length === 0) throw badRequest(messages.playlistEmpty);
      const { songs, errors } = toSongs(tracks);
      const { enrichment: _none, ...result } = await songImport.importSongs(musicianId, songs, {
        errors,
      });
      return { ...result, total_tracks: tracks.length };
    },
  };
}

export type PlaylistImportService = ReturnType<typeof playlistImportService>;
