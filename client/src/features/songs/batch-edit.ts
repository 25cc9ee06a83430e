import {
  SONG_FIELD_MAX_LENGTH,
  TAG_MAX_LENGTH,
  TAGS_MAX_COUNT,
  TEXT_MAX_LENGTH,
} from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import type { BatchEditBody } from '#shared/schemas/song.ts';
import { YEAR_INPUT_MAX_LENGTH } from './song-form.ts';

export interface BatchEditForm {
  artist: string;
  genres: string;
  moods: string;
  year: string;
  notes: string;
}

/** The most tags a song takes, each as long as allowed, typed as "a, b, c". */
const TAG_LIST_MAX_LENGTH = TAGS_MAX_COUNT * (TAG_MAX_LENGTH + ', '.length);

/** The longest text each field takes: the server's limits of BatchSongUpdates. */
export const BATCH_EDIT_MAX_LENGTHS: Record<keyof BatchEditForm, number> = {
  artist: SONG_FIELD_MAX_LENGTH,
  genres: TAG_LIST_MAX_LENGTH,
  moods: TAG_LIST_MAX_LENGTH,
  year: YEAR_INPUT_MAX_LENGTH,
  notes: TEXT_MAX_LENGTH,
};

export const EMPTY_BATCH_FORM: BatchEditForm = {
  artist: '',
  genres: '',
  moods: '',
  year: '',
  notes: '',
};

/** "rock, , Pop " -> ["rock", "Pop"] */
export function splitTags(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
}

type BatchEditPlan = { ok: true; body: BatchEditBody } | { ok: false; error: string };

/**
 * The batch-edit call for the selected songs: only filled fields are sent (artist, genres,
 * moods and year trimmed), notes always; nothing filled and no selection are refused.
 */
export function buildBatchEdit(songIds: readonly string[], form: BatchEditForm): BatchEditPlan {
  if (songIds.length === 0) return { ok: false, error: messages.batchUpdateSelectionEmpty };
  const artist = form.artist.trim();
  const genres = splitTags(form.genres);
  const moods = splitTags(form.moods);
  const yearText = form.year.trim();
  const notes = form.notes.trim();
  if (!artist && !genres.length && !moods.length && !yearText && !notes) {
    return { ok: false, error: messages.batchNothingToUpdate };
  }
  let year: number | undefined;
  if (yearText) {
    year = Number(yearText);
    if (!/^\d{4}$/.test(yearText)) return { ok: false, error: messages.songYearInvalid };
  }
  return {
    ok: true,
    body: {
      song_ids: [...songIds],
      updates: {
        ...(artist ? { artist } : {}),
        ...(genres.length ? { genres } : {}),
        ...(moods.length ? { moods } : {}),
        ...(year !== undefined ? { year } : {}),
        notes,
      },
    },
  };
}
