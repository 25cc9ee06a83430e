import { z } from 'zod';
import {
  SONG_FIELD_MAX_LENGTH,
  SONG_SORT_KEYS,
  TAG_MAX_LENGTH,
  TAGS_MAX_COUNT,
  TEXT_MAX_LENGTH,
  YEAR_MAX,
  YEAR_MIN,
} from '../limits.ts';
import { messages } from '../messages.ts';
import { requiredText } from './common.ts';

export const Song = z.object({
  id: z.string(),
  title: z.string(),
  artist: z.string(),
  genres: z.array(z.string()),
  moods: z.array(z.string()),
  year: z.number().int().nullable(),
  decade: z.string().nullable(),
  notes: z.string(),
  hidden: z.boolean(),
  request_count: z.number().int(),
  created_at: z.string(),
});
export type Song = z.infer<typeof Song>;

/** What the audience page sees of a song. */
export const PublicSong = Song.omit({ hidden: true });
export type PublicSong = z.infer<typeof PublicSong>;

/** Genres and moods: trimmed, blanks dropped, no case-insensitive duplicates. */
const TagList = z
  .array(z.string().trim().max(TAG_MAX_LENGTH))
  .max(TAGS_MAX_COUNT)
  .default([])
  .transform((tags) => {
    const seen = new Set<string>();
    return tags.filter((tag) => {
      const key = tag.toLowerCase();
      if (!tag || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  });

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

export const SongInput = z.object({
  title: requiredText(messages.songTitleRequired, SONG_FIELD_MAX_LENGTH),
  artist: requiredText(messages.songArtistRequired, SONG_FIELD_MAX_LENGTH),
  genres: TagList,
  moods: TagList,
  year: YearField,
  notes: z.string().trim().max(TEXT_MAX_LENGTH).default(''),
});
export type SongInput = z.input<typeof SongInput>;
export type SongData = z.output<typeof SongInput>;

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
