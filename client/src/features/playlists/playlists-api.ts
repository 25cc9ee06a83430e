import {
  ActivatePlaylistResponse,
  DeletePlaylistResponse,
  Playlist,
  PlaylistListResponse,
  PlaylistSummary,
  PlaylistVisibilityResponse,
} from '#shared/schemas/playlist.ts';
import { ALL_SONGS_PLAYLIST_ID } from '#shared/schemas/song.ts';
import { api } from '#client/lib/api-client.ts';

const path = (id: string) => `/playlists/${encodeURIComponent(id)}`;

export const playlistsApi = {
  list: () => api.get('/playlists', PlaylistListResponse),
  get: (id: string) => api.get(path(id), Playlist),
  create: (name: string, songIds: readonly string[]) =>
    api.post('/playlists', Playlist, { name, song_ids: songIds }),
  replaceSongs: (id: string, songIds: readonly string[]) =>
    api.put(path(id), Playlist, { song_ids: songIds }),
  addSongs: (id: string, songIds: readonly string[]) =>
    api.put(`${path(id)}/songs`, Playlist, { song_ids: songIds }),
  /** null goes back to All Songs. */
  activate: (id: string | null) =>
    api.put(`${path(id ?? ALL_SONGS_PLAYLIST_ID)}/activate`, ActivatePlaylistResponse),
  rename: (id: string, name: string) => api.put(`${path(id)}/name`, PlaylistSummary, { name }),
  setVisibility: (id: string, isPublic: boolean) =>
    api.put(`${path(id)}/visibility`, PlaylistVisibilityResponse, { is_public: isPublic }),
  delete: (id: string) => api.delete(path(id), DeletePlaylistResponse),
};
