import { YEAR_MAX } from '#shared/limits.ts';
import type { Song, SongInput, SongMetadataWithWriter } from '#shared/schemas/song.ts';
import { formatDuration } from '#shared/song-duration.ts';

/** A year is typed as its digits: no valid one is longer than the latest year allowed. */
export const YEAR_INPUT_MAX_LENGTH = String(YEAR_MAX).length;

/** A length is typed "m:ss", or "h:mm:ss" for a medley: "2:59:59" is the longest, with room. */
export const DURATION_INPUT_MAX_LENGTH = 8;

export interface SongFormValues {
  title: string;
  artist: string;
  genres: string[];
  moods: string[];
  year: string;
  notes: string;
  songwriter: string;
  /** "m:ss" as typed; '' when not known. */
  duration: string;
}

export const EMPTY_SONG_FORM: SongFormValues = {
  title: '',
  artist: '',
  genres: [],
  moods: [],
  year: '',
  notes: '',
  songwriter: '',
  duration: '',
};

export function formFromSong(song: Song): SongFormValues {
  return {
    title: song.title,
    artist: song.artist,
    genres: [...song.genres],
    moods: [...song.moods],
    year: song.year === null ? '' : String(song.year),
    notes: song.notes,
    songwriter: song.songwriter,
    duration: formatDuration(song.duration_seconds),
  };
}

/** A new chip: trimmed, ignored if empty or already there (any case). */
export function addTag(tags: readonly string[], typed: string): string[] {
  const tag = typed.trim();
  if (!tag || tags.some((held) => held.toLowerCase() === tag.toLowerCase())) return [...tags];
  return [...tags, tag];
}

/** Merges found tags into the typed ones, without duplicates. */
export function mergeTags(tags: readonly string[], found: readonly string[]): string[] {
  return found.reduce<string[]>((all, tag) => addTag(all, tag), [...tags]);
}

/**
 * Auto-fill's answer over what the form holds: found tags join the typed ones; the year, the
 * songwriter and the length fill only an empty field. Never over what the musician typed: they
 * may know better than the database (a length is theirs as they play it).
 */
export function filledFrom(held: SongFormValues, found: SongMetadataWithWriter): SongFormValues {
  return {
    ...held,
    genres: mergeTags(held.genres, found.genres),
    moods: mergeTags(held.moods, found.moods),
    year: held.year || (found.year === null ? '' : String(found.year)),
    songwriter: held.songwriter.trim() ? held.songwriter : found.songwriter,
    duration: held.duration.trim() ? held.duration : formatDuration(found.duration_seconds),
  };
}

/** The body of POST /songs and PUT /songs/{id}: year as an integer or null. */
export function songInputFrom(values: SongFormValues): SongInput {
  const year = values.year.trim();
  return {
    title: values.title.trim(),
    artist: values.artist.trim(),
    genres: values.genres.filter((tag) => tag.trim()),
    moods: values.moods.filter((tag) => tag.trim()),
    year: year === '' ? null : Number(year),
    notes: values.notes.trim(),
    songwriter: values.songwriter.trim(),
    // The server reads "m:ss" (song-duration.ts) and answers a sentence for anything else.
    duration_seconds: values.duration.trim(),
  };
}
