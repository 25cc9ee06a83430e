// How long a requester waits, as a pure function of the songs ahead and tonight's plays: one
// rule for the server's eta_minutes and the stage's queue length and last call. Each
// song ahead lasts its catalogue length, or UNKNOWN_SONG_SECONDS when none is known. Once the
// night has PACE_AFTER_GAPS gaps between Played marks, the lengths are scaled by how the night
// actually runs: the median, over those gaps, of gap / length of the song that ended it (talk,
// tuning and applause included). The median, not the mean: a set break is one huge gap and
// would otherwise stretch every estimate; the ratio is kept within PACE_BOUNDS for the same
// reason (a musician marking three songs played at once).

/** A song of unknown length counts 4 minutes. */
export const UNKNOWN_SONG_SECONDS = 4 * 60;
/** "Tonight": the Played marks this many hours back pace the queue (and the fair order's turns). */
export const TONIGHT_HOURS = 12;
/** Tonight's pace counts once there are this many gaps between Played marks. */
export const PACE_AFTER_GAPS = 3;
const PACE_BOUNDS = { min: 0.5, max: 3 } as const;

export interface PlayMark {
  playedAt: Date;
  durationSeconds: number | null;
}

/** A song's length as the estimate counts it: its own, or UNKNOWN_SONG_SECONDS. */
export const lengthOf = (seconds: number | null | undefined) =>
  typeof seconds === 'number' && seconds > 0 ? seconds : UNKNOWN_SONG_SECONDS;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** How much longer than their lengths songs take tonight: 1 until there are enough gaps. */
export function paceOf(plays: readonly PlayMark[]): number {
  const marks = [...plays].sort((a, b) => a.playedAt.getTime() - b.playedAt.getTime());
  const ratios: number[] = [];
  for (let i = 1; i < marks.length; i++) {
    const gap = (marks[i]!.playedAt.getTime() - marks[i - 1]!.playedAt.getTime()) / 1000;
    ratios.push(gap / lengthOf(marks[i]!.durationSeconds));
  }
  if (ratios.length < PACE_AFTER_GAPS) return 1;
  return Math.min(PACE_BOUNDS.max, Math.max(PACE_BOUNDS.min, median(ratios)));
}

/** Seconds the songs of these lengths take at this pace (paceOf). */
export function pacedSeconds(lengths: readonly (number | null)[], pace: number): number {
  return lengths.reduce<number>((sum, length) => sum + lengthOf(length), 0) * pace;
}

/** Minutes until a request comes up: the songs ahead of it, at tonight's pace, rounded up. */
export function waitMinutes(ahead: readonly (number | null)[], plays: readonly PlayMark[]): number {
  return Math.ceil(pacedSeconds(ahead, paceOf(plays)) / 60);
}
