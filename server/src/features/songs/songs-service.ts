import type { SongSortKey } from '../../../../shared/src/limits.ts';
import { messages } from '../../../../shared/src/messages.ts';
import type {
  PublicSong,
  Song,
  SongData,
  ToggleVisibilityResponse,
} from '../../../../shared/src/schemas/song.ts';
import { notFound } from '../../http/errors.ts';
import { toPublicSong, toSong } from './song-mapper.ts';
import type { SongsRepository } from './songs-repository.ts';

export function songsService({ songs }: { songs: SongsRepository }) {
  return {
    async list(musicianId: string, sortBy: SongSortKey): Promise<Song[]> {
      return (await songs.list(musicianId, sortBy)).map(toSong);
    },

    /** What the audience sees: visible songs, most requested first. */
    async listVisible(musicianId: string): Promise<PublicSong[]> {
      return (await songs.list(musicianId, 'popularity', true)).map(toPublicSong);
    },

    async create(musicianId: string, data: SongData): Promise<Song> {
      return toSong(await songs.insert(musicianId, data));
    },

    async update(musicianId: string, songId: string, data: SongData): Promise<Song> {
      const row = await songs.update(musicianId, songId, data);
      if (!row) throw notFound(messages.songNotFound);
      return toSong(row);
    },

    async toggleVisibility(musicianId: string, songId: string): Promise<ToggleVisibilityResponse> {
      const row = await songs.toggleHidden(musicianId, songId);
      if (!row) throw notFound(messages.songNotFound);
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
      return { success: true, message: messages.songDeleted };
    },
  };
}

export type SongsService = ReturnType<typeof songsService>;
