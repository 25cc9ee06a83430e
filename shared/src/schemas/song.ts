import { z } from 'zod';
import {
  SONG_DURATION_MAX_SECONDS,
  SONG_FIELD_MAX_LENGTH,
  SONG_SORT_KEYS,
  TAG_MAX_LENGTH,
  TAGS_MAX_COUNT,
  TEXT_MAX_LENGTH,
  YEAR_MAX,
  YEAR_MIN,
} from '../limits.ts';
import { messages } from '../messages.ts';
import { NO_VALUE_FILTER } from '../song-filter-options.ts';
import { parseDuration } from '../song-duration.ts';
import { requiredText } from './common.ts';
import { MetadataSearchResponse, SongMetadata } from './metadata.ts';

export const Song = z.object({
  id: z.string(),
  title: z.string(),
  artist: z.string(),
  genres: z.array(z.string()),
  moods: z.array(z.string()),
  year: z.number().int().nullable(),
  decade: z.string().nullable(),
  notes: z.string(),
  /** Who wrote it, for performing-rights setlist reports; '' when not known. */
  songwriter: z.string(),
  /** The song's length in seconds, for the wait estimate; null when not known. */
  duration_seconds: z.number().int().nullable(),
  hidden: z.boolean(),
  request_count: z.number().int(),
  created_at: z.string(),
});
export type Song = z.infer<typeof Song>;

/**
 * What the audience page sees of a song: never its songwriter (that is for the reports). Under
 * the musician's no-repeats rule (issue 22), a song Up Next says `coming_up`, and a song the
 * rule holds back says when it was played (`played_at`, ISO 8601): each only when so, and
 * nothing of who asked.
 */
export const PublicSong = Song.omit({ hidden: true, songwriter: true }).extend({
  played_at: z.string().optional(),
  coming_up: z.literal(true).optional(),
});
export type PublicSong = z.infer<typeof PublicSong>;

const Tags = z.array(z.string().trim().max(TAG_MAX_LENGTH)).max(TAGS_MAX_COUNT);

function withoutBlanksOrDuplicates(tags: string[]): string[] {
  const seen = new Set<string>();
  return tags.filter((tag) => {
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Genres and moods: trimmed, blanks dropped, no case-insensitive duplicates. */
const TagList = Tags.default([]).transform(withoutBlanksOrDuplicates);

/** An integer year or null; '' (an empty form field) also means null. */
const YearField = z.preprocess(
  (value) => (value === '' || value === undefined ? null : value),
  z
    .number({ error: messages.songYearInvalid })
    .int(messages.songYearInvalid)
    .min(YEAR_MIN, messages.songYearInvalid)
    .max(YEAR_MAX, messages.songYearInvalid)
    .nullable(),
);

/** A length in seconds, or "m:ss" / "h:mm:ss" as typed; '' or absent means not known. */
const DurationField = z.preprocess(
  (value) =>
    value === '' || value === undefined
      ? null
      : typeof value === 'string'
        ? (parseDuration(value) ?? 'invalid')
        : value,
  z
    .number({ error: messages.songDurationInvalid })
    .int(messages.songDurationInvalid)
    .min(1, messages.songDurationInvalid)
    .max(SONG_DURATION_MAX_SECONDS, messages.songDurationInvalid)
    .nullable(),
);

/** "Lennon, McCartney": one text, as the performing-rights forms take it. */
export const SongwriterField = z
  .string()
  .trim()
  .max(SONG_FIELD_MAX_LENGTH, messages.songSongwriterTooLong);

export const SongInput = z.object({
  title: requiredText(messages.songTitleRequired, SONG_FIELD_MAX_LENGTH),
  artist: requiredText(messages.songArtistRequired, SONG_FIELD_MAX_LENGTH),
  genres: TagList,
  moods: TagList,
  year: YearField,
  notes: z.string().trim().max(TEXT_MAX_LENGTH).default(''),
  songwriter: SongwriterField.default(''),
  duration_seconds: DurationField,
});
export type SongInput = z.input<typeof SongInput>;
export type SongData = z.output<typeof SongInput>;

/**
 * Metadata found for a song, with who wrote it (MusicBrainz's work relations; '' when not
 * known): the answer of POST /songs/search-metadata that the song form's Auto-fill reads.
 */
export const SongMetadataWithWriter = SongMetadata.extend({ songwriter: z.string() });
export type SongMetadataWithWriter = z.infer<typeof SongMetadataWithWriter>;

export const SongMetadataSearchResponse = MetadataSearchResponse.extend({
  metadata: SongMetadataWithWriter.nullable(),
});
export type SongMetadataSearchResponse = z.infer<typeof SongMetadataSearchResponse>;

export const SongListQuery = z.object({
  sort_by: z.enum(SONG_SORT_KEYS).default('created_at'),
});
export type SongListQuery = z.infer<typeof SongListQuery>;

export const SongListResponse = z.array(Song);
export const PublicSongListResponse = z.array(PublicSong);

export const ToggleVisibilityResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  hidden: z.boolean(),
});
export type ToggleVisibilityResponse = z.infer<typeof ToggleVisibilityResponse>;

/** "1987" -> "1980s"; the decade filter and song cards use it. */
export function decadeOf(year: number | null): string | null {
  return year === null ? null : `${Math.floor(year / 10) * 10}s`;
}

/** Most songs one batch call may touch: a whole repertoire, but a bounded statement. */
export const BATCH_MAX_SONGS = 5000;

/**
 * Song ids: uuids, duplicates dropped (first one kept, so order holds), at most BATCH_MAX_SONGS.
 * With emptyMessage, at least one is required.
 */
export function songIds(emptyMessage?: string) {
  const ids = z.array(z.uuid({ error: 'This id is not valid.' }), {
    error: emptyMessage ?? 'Song ids must be a list.',
  });
  return (emptyMessage ? ids.min(1, emptyMessage) : ids)
    .max(BATCH_MAX_SONGS, messages.batchTooManySongs)
    .transform((list) => [...new Set(list)]);
}

/**
 * Batch edit: only filled fields change. Blank text, empty lists and an empty year count as
 * not filled (the form always sends notes), so a batch edit never clears a field.
 */
export const BatchSongUpdates = z
  .object({
    artist: z.string().trim().max(SONG_FIELD_MAX_LENGTH).optional(),
    genres: Tags.transform(withoutBlanksOrDuplicates).optional(),
    moods: Tags.transform(withoutBlanksOrDuplicates).optional(),
    year: YearField.optional(),
    notes: z.string().trim().max(TEXT_MAX_LENGTH).optional(),
  })
  .transform(({ artist, genres, moods, year, notes }) => ({
    ...(artist ? { artist } : {}),
    ...(genres?.length ? { genres } : {}),
    ...(moods?.length ? { moods } : {}),
    ...(year != null ? { year } : {}),
    ...(notes ? { notes } : {}),
  }))
  .refine((updates) => Object.keys(updates).length > 0, messages.batchNothingToUpdate);
export type BatchSongUpdates = z.output<typeof BatchSongUpdates>;

export const BatchEditBody = z.object({
  song_ids: songIds(messages.batchUpdateSelectionEmpty),
  updates: BatchSongUpdates,
});
export type BatchEditBody = z.input<typeof BatchEditBody>;

export const BatchEditResponse = z.object({
  /** True when every selected song was updated. */
  success: z.boolean(),
  updated_count: z.number().int(),
});
export type BatchEditResponse = z.infer<typeof BatchEditResponse>;

export const BatchDeleteBody = z.object({
  song_ids: songIds(messages.batchDeleteSelectionEmpty),
});
export type BatchDeleteBody = z.input<typeof BatchDeleteBody>;

export const BatchDeleteResponse = z.object({
  /** True when every selected song was deleted; unknown or others' ids count as failed. */
  success: z.boolean(),
  deleted_count: z.number().int(),
  failed_count: z.number().int(),
});
export type BatchDeleteResponse = z.infer<typeof BatchDeleteResponse>;

/** Songs in the one-click starter pack (the bundled catalogue; a server test keeps them equal). */
export const STARTER_PACK_SONG_COUNT = 80;

/** The pseudo-playlist standing for the whole repertoire (spec section 3). */
export const ALL_SONGS_PLAYLIST_ID = 'all_songs';
// Zod-free, for the audience page's first visit; re-exported beside the filter schemas.
export { NO_VALUE_FILTER };

/** Empty query values ("?genre=") mean "no filter". */
const filterText = z
  .string()
  .trim()
  .max(SONG_FIELD_MAX_LENGTH)
  .optional()
  .transform((value) => value || undefined);

/**
 * The audience page's song filters. `playlist` is all_songs, a public playlist's id, or absent
 * (the active playlist if there is one). 'none' in genre, mood, year or decade means no value.
 */
export const PublicSongsQuery = z.object({
  search: filterText,
  genre: filterText,
  mood: filterText,
  playlist: filterText,
  year: filterText.refine(
    (value) => value === undefined || value === NO_VALUE_FILTER || /^\d{4}$/.test(value),
    messages.filterYearInvalid,
  ),
  decade: filterText.refine(
    (value) => value === undefined || value === NO_VALUE_FILTER || /^\d{3}0s$/.test(value),
    messages.filterDecadeInvalid,
  ),
});
export type PublicSongsQuery = z.output<typeof PublicSongsQuery>;

/** The values the audience page offers in its filter selects, from the visible songs. */
export const FilterOptions = z.object({
  genres: z.array(z.string()),
  moods: z.array(z.string()),
  years: z.array(z.number().int()),
  decades: z.array(z.string()),
});
export type FilterOptions = z.infer<typeof FilterOptions>;
