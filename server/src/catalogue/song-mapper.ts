import { decadeOf, type PublicSong, type Song } from '#shared/schemas/song.ts';
import type { Song as SongRow } from '#server/db/tables.ts';

export type { SongRow };

export function toSong(row: SongRow): Song {
  return {
    id: row.id,
    title: row.title,
    artist: row.artist,
    genres: row.genres,
    moods: row.moods,
    year: row.year,
    decade: decadeOf(row.year),
    notes: row.notes,
    songwriter: row.songwriter,
    duration_seconds: row.durationSeconds,
    hidden: row.hidden,
    request_count: row.requestCount,
    created_at: row.createdAt.toISOString(),
  };
}

/** The audience never sees whether a song is hidden, nor who wrote it (that is for reports). */
export function toPublicSong(row: SongRow): PublicSong {
  const { hidden: _hidden, songwriter: _songwriter, ...song } = toSong(row);
  return song;
}
