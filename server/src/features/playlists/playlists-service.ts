import { messages } from '#shared/messages.ts';
import type {
  ActivatePlaylistResponse,
  DeletePlaylistResponse,
  Playlist,
  PlaylistSummary,
  PlaylistVisibilityResponse,
} from '#shared/schemas/playlist.ts';
import type { DomainEvents } from '#server/events/domain-events.ts';
import { badRequest, forbidden, notFound } from '#server/http/errors.ts';
import { toPlaylist, toPlaylistSummary } from './playlist-mapper.ts';
import type { PlaylistRecord, PlaylistsRepository, PlaylistWrite } from './playlists-repository.ts';

/**
 * A musician's playlists (spec sections 4-6): private by default; at most one active, which the
 * audience page shows (none active: all songs); the active one is always public, so making it
 * private or deleting it clears it. In free mode every musician has the pro plan, so there is
 * no plan check.
 */
export function playlistsService({
  playlists,
  events,
}: {
  playlists: PlaylistsRepository;
  events: DomainEvents;
}) {
  /**
   * After the commit: the musician's other devices refetch their playlists (every write), and
   * the audience page's songs and playlist filter may have changed. Edits of a private playlist
   * change nothing the audience sees, so they stay quiet there.
   */
  function audienceSees(musicianId: string, record?: PlaylistRecord) {
    events.publish({ musicianId, name: 'playlists:changed', payload: {} });
    if (record && !record.row.isPublic) return;
    events.publish({ musicianId, name: 'songs:changed', payload: {} });
  }

  /** 404 when there is no such playlist, 403 with the spec's wording when it is another's. */
  async function checkOwner(musicianId: string, playlistId: string, forbiddenMessage: string) {
    const owner = await playlists.ownerOf(playlistId);
    if (!owner) throw notFound(messages.playlistNotFound);
    if (owner !== musicianId) throw forbidden(forbiddenMessage);
  }

  function done(result: PlaylistWrite): PlaylistRecord {
    if (result.kind === 'missing') throw notFound(messages.playlistNotFound);
    if (result.kind === 'foreign_songs') throw badRequest(messages.playlistSongsNotYours);
    return result.record;
  }

  async function withSongs(musicianId: string, record: PlaylistRecord): Promise<Playlist> {
    return toPlaylist(record, await playlists.songs(musicianId, record.row.id));
  }

  return {
    async list(musicianId: string): Promise<PlaylistSummary[]> {
      return (await playlists.list(musicianId)).map(toPlaylistSummary);
    },

    /** Another musician's playlist answers 404: reading it reveals nothing, not even that it exists. */
    async get(musicianId: string, playlistId: string): Promise<Playlist> {
      const record = await playlists.find(musicianId, playlistId);
      if (!record) throw notFound(messages.playlistNotFound);
      return withSongs(musicianId, record);
    },

    /** New playlists are private and inactive. Only the musician's own songs may go in. */
    async create(musicianId: string, name: string, songIds: string[]): Promise<Playlist> {
      const record = done(await playlists.create(musicianId, name, songIds));
      audienceSees(musicianId, record);
      return withSongs(musicianId, record);
    },

    async replaceSongs(musicianId: string, playlistId: string, songIds: string[]) {
      await checkOwner(musicianId, playlistId, messages.playlistModifyForbidden);
      const record = done(await playlists.replaceSongs(musicianId, playlistId, songIds));
      audienceSees(musicianId, record);
      return withSongs(musicianId, record);
    },

    async addSongs(musicianId: string, playlistId: string, songIds: string[]) {
      await checkOwner(musicianId, playlistId, messages.playlistModifyForbidden);
      const record = done(await playlists.appendSongs(musicianId, playlistId, songIds));
      audienceSees(musicianId, record);
      return withSongs(musicianId, record);
    },

    async rename(musicianId: string, playlistId: string, name: string): Promise<PlaylistSummary> {
      await checkOwner(musicianId, playlistId, messages.playlistRenameForbidden);
      const record = await playlists.rename(musicianId, playlistId, name);
      if (!record) throw notFound(messages.playlistNotFound);
      audienceSees(musicianId, record);
      return toPlaylistSummary(record);
    },

    /**
     * Makes the playlist the one the audience page shows; null goes back to all songs.
     * Activating a private playlist makes it public, since the audience is shown it.
     */
    async activate(
      musicianId: string,
      playlistId: string | null,
    ): Promise<ActivatePlaylistResponse> {
      if (playlistId) await checkOwner(musicianId, playlistId, messages.playlistModifyForbidden);
      const result = await playlists.activate(musicianId, playlistId);
      if (result === 'missing') throw notFound(messages.playlistNotFound);
      audienceSees(musicianId);
      return {
        success: true,
        message: result ? messages.playlistActivated : messages.playlistDeactivated,
        active_playlist_id: result?.row.id ?? null,
        playlist: result && toPlaylistSummary(result),
      };
    },

    async setVisibility(
      musicianId: string,
      playlistId: string,
      isPublic: boolean,
    ): Promise<PlaylistVisibilityResponse> {
      await checkOwner(musicianId, playlistId, messages.playlistModifyForbidden);
      const result = await playlists.setVisibility(musicianId, playlistId, isPublic);
      if (!result) throw notFound(messages.playlistNotFound);
      // Shown or hidden: the audience's playlist filter changes either way.
      audienceSees(musicianId);
      return { ...toPlaylistSummary(result.record), active_playlist_cleared: result.activeCleared };
    },

    async delete(musicianId: string, playlistId: string): Promise<DeletePlaylistResponse> {
      await checkOwner(musicianId, playlistId, messages.playlistDeleteForbidden);
      const result = await playlists.delete(musicianId, playlistId);
      if (!result) throw notFound(messages.playlistNotFound);
      audienceSees(musicianId);
      return { message: messages.playlistDeleted, active_playlist_cleared: result.wasActive };
    },
  };
}

export type PlaylistsService = ReturnType<typeof playlistsService>;
