import { SONG_DURATION_MAX_SECONDS } from './limits.ts';

// A song's length, one definition for the song form, the CSV import and export, and the wait
// estimate: whole seconds, written "m:ss" (or "h:mm:ss" for a medley past the hour).

/** "3:45" -> 225, "1:02:03" -> 3723, "" -> null; undefined when it is no such time. */
export function parseDuration(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const match = /^(?:(\d{1,2}):)?(\d{1,3}):([0-5]\d)$/.exec(trimmed);
  if (!match) return undefined;
  const [, hours, minutes, seconds] = match;
  if (hours !== undefined && Number(minutes) > 59) return undefined;
  const total = Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(seconds);
  return total > 0 && total <= SONG_DURATION_MAX_SECONDS ? total : undefined;
}

/** 225 -> "3:45", 3723 -> "1:02:03", null -> "". */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}
