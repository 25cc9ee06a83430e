import type { ImportResult, ImportRowError } from '#shared/schemas/song-import.ts';

/** A song ready to insert: already validated and trimmed. */
export interface NewSong {
  title: string;
  artist: string;
  genres: string[];
  moods: string[];
  year: number | null;
  notes?: string;
  /** Optional: a CSV's Songwriter column. */
  songwriter?: string;
  /** Optional: a CSV's Duration column, in seconds. */
  duration_seconds?: number | null;
}

export interface ImportOptions {
  autoEnrich?: boolean;
  /** Lines of the source already refused, reported with the result. */
  errors?: ImportRowError[];
}

/**
 * Every way of adding many songs at once ends in song import's `importSongs` (one duplicate
 * rule, one path). The playlist import and the starter pack are given it by services.ts as this.
 */
export interface SongImporter {
  importSongs(musicianId: string, songs: NewSong[], options?: ImportOptions): Promise<ImportResult>;
}
