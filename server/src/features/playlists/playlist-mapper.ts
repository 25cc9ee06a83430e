import type { Playlist, PlaylistSummary } from '#shared/schemas/playlist.ts';
import { toSong, type SongRow } from '#server/catalogue/song-mapper.ts';
import type { PlaylistRecord } from './playlists-repository.ts';

export function toPlaylistSummary({ row, songIds }: PlaylistRecord): PlaylistSummary {
  return {
    id: row.id,
    name: row.name,
    is_active: row.isActive,
    is_public: row.isPublic,
    song_count: songIds.length,
    song_ids: songIds,
  };
}

export function toPlaylist(record: PlaylistRecord, songs: SongRow[]): Playlist {
  return { ...toPlaylistSummary(record), songs: songs.map(toSong) };
}
