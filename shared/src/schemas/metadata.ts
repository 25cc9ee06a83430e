import { z } from 'zod';
import { SONG_FIELD_MAX_LENGTH } from '../limits.ts';
import { messages } from '../messages.ts';
import { requiredText } from './common.ts';

/** Where a piece of metadata came from: the bundled catalogue or MusicBrainz. */
export const METADATA_SOURCES = ['catalogue', 'musicbrainz'] as const;

export const SongMetadata = z.object({
  source: z.enum(METADATA_SOURCES),
  title: z.string(),
  artist: z.string(),
  year: z.number().int().nullable(),
  genres: z.array(z.string()),
  moods: z.array(z.string()),
  /** The recording's length in whole seconds (MusicBrainz's `length`); null when not known. */
  duration_seconds: z.number().int().nullable(),
  /** 0 to 1: how sure the match is the song asked for. */
  confidence: z.number().min(0).max(1),
});
export type SongMetadata = z.infer<typeof SongMetadata>;

/** POST /api/songs/search-metadata?title=&artist= (the spec sends them as query parameters). */
export const MetadataSearchQuery = z.object({
  title: requiredText(messages.metadataTitleArtistRequired, SONG_FIELD_MAX_LENGTH),
  artist: requiredText(messages.metadataTitleArtistRequired, SONG_FIELD_MAX_LENGTH),
});
export type MetadataSearchQuery = z.infer<typeof MetadataSearchQuery>;

/** A miss is a 200 with success false and metadata null: the form simply stays as typed. */
export const MetadataSearchResponse = z.object({
  success: z.boolean(),
  metadata: SongMetadata.nullable(),
  message: z.string(),
});
export type MetadataSearchResponse = z.infer<typeof MetadataSearchResponse>;

/** Auto-fill All: every song missing a genre, mood or year, or only the selected ones. */
export const BatchEnrichBody = z.preprocess(
  // No body at all arrives as null or undefined: it means every song.
  (body) => body ?? {},
  z.object({
    song_ids: z
      .array(z.uuid({ error: 'This id is not valid.' }))
      .max(5000)
      .optional(),
  }),
);
export type BatchEnrichBody = z.input<typeof BatchEnrichBody>;

const EnrichErrorItem = z.object({ song_id: z.string(), reason: z.string() });

export const BatchEnrichResponse = z.object({
  success: z.boolean(),
  /** Songs looked up in this call. */
  processed: z.number().int(),
  /** Songs that got at least one of genres, moods or year filled in. */
  enriched: z.number().int(),
  /** Songs still waiting because this call ran out of time; call again to continue. */
  remaining: z.number().int(),
  errors: z.array(EnrichErrorItem),
  message: z.string(),
});
export type BatchEnrichResponse = z.infer<typeof BatchEnrichResponse>;

/** What auto_enrich on an import reports, the same counts as batch-enrich. */
export const EnrichSummary = BatchEnrichResponse.pick({
  processed: true,
  enriched: true,
  remaining: true,
});
export type EnrichSummary = z.infer<typeof EnrichSummary>;
