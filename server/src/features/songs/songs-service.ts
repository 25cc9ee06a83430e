import { SONGS_PER_MUSICIAN_MAX, type SongSortKey } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import {
  type BatchDeleteResponse,
  type BatchEditResponse,
  type BatchSongUpdates,
  type FilterOptions,
  type PublicSong,
  type Song,
  type SongData,
  type ToggleVisibilityResponse,
} from '#shared/schemas/song.ts';
import type { DomainEvents } from '#server/events/domain-events.ts';
import { fill, plural } from '#shared/fill-message.ts';
import { filterOptionsOf } from '#shared/song-filter-options.ts';
import { conflict, notFound } from '#server/http/errors.ts';
import type { AudienceSongFilters } from '#server/catalogue/audience-song-filters.ts';
import { toPublicSong, toSong, type SongRow } from '#server/catalogue/song-mapper.ts';
import type { SongWrite } from '#server/catalogue/song-lock.ts';
import type { SongsRepository } from './songs-repository.ts';

export function songsService({ songs, events }: { songs: SongsRepository; events: DomainEvents }) {
  /** After the commit: open audience pages fetch the song list again. */
  const changed = (musicianId: string, songsAdded?: string[]) =>
    events.publish({ musicianId, name: 'songs:changed', payload: {}, songsAdded });

  return {
    async list(musicianId: string, sortBy: SongSortKey): Promise<Song[]> {
      return (await songs.list(musicianId, sortBy)).map(toSong);
    },

    /** What the audience sees: visible songs, most requested first. */
    async listVisible(musicianId: string): Promise<PublicSong[]> {
      return (await songs.list(musicianId, 'popularity', true)).map(toPublicSong);
    },

    async listForAudience(musicianId: string, filters: AudienceSongFilters): Promise<PublicSong[]> {
      return (await songs.listForAudience(musicianId, filters)).map(toPublicSong);
    },

    /** Filter options from the visible songs; tags differing only in case are offered once. */
    /** The filter values of the visible songs, or of one playlist's visible songs. */
    /** The filter values of the visible songs, or of one playlist's visible songs. */
    async filterOptions(musicianId: string, playlistId?: string): Promise<FilterOptions> {
      return filterOptionsOf(await songs.visibleTags(musicianId, playlistId));
    },

    async batchEdit(
      musicianId: string,
      songIds: string[],
      updates: BatchSongUpdates,
    ): Promise<BatchEditResponse> {
      const result = await songs.updateMany(musicianId, songIds, updates);
      if ('clashes' in result) {
        const clashing = plural(result.clashes, 'song', 'songs');
        throw conflict(fill(messages.batchEditWouldDuplicate, { songs: clashing }));
      }
      const { updated } = result;
      if (updated > 0) changed(musicianId);
      return { success: updated === songIds.length, updated_count: updated };
    },

    /** Unknown ids and other musicians' songs are never touched; they count as failed. */
    async batchDelete(musicianId: string, songIds: string[]): Promise<BatchDeleteResponse> {
      const deleted = await songs.deleteMany(musicianId, songIds);
      if (deleted > 0) changed(musicianId);
      const failed = songIds.length - deleted;
      return { success: failed === 0, deleted_count: deleted, failed_count: failed };
    },

    async create(musicianId: string, data: SongData): Promise<Song> {
      const song = toSong(saved(await songs.insert(musicianId, data)));
      changed(musicianId, [song.id]);
      return song;
    },

    async update(musicianId: string, songId: string, data: SongData): Promise<Song> {
      const write = await songs.update(musicianId, songId, data);
      if (!write) throw notFound(messages.songNotFound);
      const song = toSong(saved(write));
      changed(musicianId);
      return song;
    },

    async toggleVisibility(musicianId: string, songId: string): Promise<ToggleVisibilityResponse> {
      const row = await songs.toggleHidden(musicianId, songId);
      if (!row) throw notFound(messages.songNotFound);
      changed(musicianId);
      return {
        success: true,
        hidden: row.hidden,
        message: row.hidden ? messages.songHidden : messages.songShown,
      };
    },

    async delete(
      musicianId: string,
      songId: string,
    ): Promise<{ success: boolean; message: string }> {
      if (!(await songs.delete(musicianId, songId))) throw notFound(messages.songNotFound);
      changed(musicianId);
      return { success: true, message: messages.songDeleted };
    },
  };
}

/** The saved row, or a 409 naming the song the musician already has. */
function saved(write: SongWrite): SongRow {
  if ('duplicate' in write) throw conflict(fill(messages.songDuplicate, write.duplicate));
  if ('full' in write) {
    throw conflict(
      fill(messages.songCapReached, { max: SONGS_PER_MUSICIAN_MAX.toLocaleString('en') }),
    );
  }
  return write.row;
}

export type SongsService = ReturnType<typeof songsService>;
