import { z } from 'zod';
import { PLAYLIST_URL_MAX_LENGTH } from '../limits.ts';
import { messages } from '../messages.ts';
import { tooLong } from './human-errors.ts';
import { EnrichSummary } from './metadata.ts';

/** Spec section 9: a CSV (and, by the same rule, an LST) file is at most 5 MB. */
export const IMPORT_FILE_MAX_BYTES = 5 * 1024 * 1024;
/** How many parsed rows a preview shows; the counts always cover the whole file. */
export const IMPORT_PREVIEW_ROWS = 20;
const PLAYLIST_PLATFORMS = ['spotify', 'apple_music'] as const;
export type PlaylistPlatform = (typeof PLAYLIST_PLATFORMS)[number];

/** ?auto_enrich=true fills missing genres, moods and years after the import. */
export const ImportQuery = z.object({
  auto_enrich: z.stringbool().default(false),
});
export type ImportQuery = z.infer<typeof ImportQuery>;

/** A line of the file that was not imported, and why. Lines count from 1, the header included. */
export const ImportRowError = z.object({ line: z.number().int(), reason: z.string() });
export type ImportRowError = z.infer<typeof ImportRowError>;

export const ImportedSongPreview = z.object({
  line: z.number().int(),
  title: z.string(),
  artist: z.string(),
  genres: z.array(z.string()),
  moods: z.array(z.string()),
  year: z.number().int().nullable(),
  duration_seconds: z.number().int().nullable(),
});
export type ImportedSongPreview = z.infer<typeof ImportedSongPreview>;

export const CsvPreviewResponse = z.object({
  /** Data rows in the file (blank lines not counted). */
  total_rows: z.number().int(),
  valid_rows: z.number().int(),
  /** Valid rows the import will skip: already in the list, or earlier in the file. */
  duplicates: z.number().int(),
  errors: z.array(ImportRowError),
  preview: z.array(ImportedSongPreview),
});
export type CsvPreviewResponse = z.infer<typeof CsvPreviewResponse>;

/** Result of every import (CSV, LST, playlist, starter pack). */
export const ImportResult = z.object({
  songs_added: z.number().int(),
  /** Songs already in the repertoire (same title and artist, ignoring case and spaces). */
  skipped: z.number().int(),
  message: z.string(),
  errors: z.array(ImportRowError),
  /** Present when auto_enrich was asked for. */
  enrichment: EnrichSummary.nullable(),
});
export type ImportResult = z.infer<typeof ImportResult>;

export const CsvUploadResponse = ImportResult;
export type CsvUploadResponse = ImportResult;
export const LstUploadResponse = ImportResult;
export type LstUploadResponse = ImportResult;

export const LstPreviewResponse = z.object({
  total_songs: z.number().int(),
  /** Songs the import will skip: already in the list, or earlier in the file. */
  duplicates: z.number().int(),
  songs: z.array(ImportedSongPreview),
  errors: z.array(ImportRowError),
});
export type LstPreviewResponse = z.infer<typeof LstPreviewResponse>;

export const PlaylistImportBody = z.object({
  playlist_url: z
    .string({ error: messages.playlistUrlRequired })
    .trim()
    .min(1, messages.playlistUrlRequired)
    .max(PLAYLIST_URL_MAX_LENGTH, tooLong(PLAYLIST_URL_MAX_LENGTH)),
  platform: z.enum(PLAYLIST_PLATFORMS, { error: messages.playlistPlatformInvalid }),
});
export type PlaylistImportBody = z.infer<typeof PlaylistImportBody>;

export const PlaylistImportResponse = ImportResult.omit({ enrichment: true }).extend({
  total_tracks: z.number().int(),
});
export type PlaylistImportResponse = z.infer<typeof PlaylistImportResponse>;

export const StarterPackResponse = z.object({
  songs_added: z.number().int(),
  skipped: z.number().int(),
  message: z.string(),
});
export type StarterPackResponse = z.infer<typeof StarterPackResponse>;

/** GET /api/demo-csv: the sample file itself (text/csv). */
export const DemoCsvResponse = z.string();
