import { messages } from '#shared/messages.ts';
import type { BatchEditBody } from '#shared/schemas/song.ts';

export interface BatchEditForm {
  artist: string;
  genres: string;
  moods: string;
  year: string;
  notes: string;
}

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
