// The no-repeats rule (issue 22), one definition: the request's admission (features/requests)
// and the audience's song list (features/audience) read the rows it needs and ask it here.
// - 'allow' (the default): nothing is held back.
// - 'show': a song played in the running show (a request of it in that show marked played) is
//   held back until the show stops; with no show running nothing is.
// - 'hours': a song played within the musician's repeat_hours is held back.
// A song one of whose requests waits in the running show (or, with none running, outside any
// show) is never held back: another person asking for it is a +1 on that request.

export type RepeatRule = 'allow' | 'show' | 'hours';

export interface RepeatSettings {
  rule: RepeatRule | string;
  hours: number;
  /** The musician's running show, null when none runs. */
  runningShowId: string | null;
}

/** What the rule needs of one song: its played requests and whether one of it waits. */
export interface SongPlays {
  /** The last time a request of it, not a blocked requester's, was marked played. */
  lastPlayedAt: Date | null;
  /** The same, among its requests of the running show. */
  lastPlayedInRunningShow: Date | null;
  /** One of its requests (not a blocked requester's) is open in the running show. */
  waitsInRunningShow: boolean;
}

/** When the song was last played, if the rule holds it back at `now`; else null. */
export function heldBackAt(settings: RepeatSettings, song: SongPlays, now: Date): Date | null {
  const { rule, hours, runningShowId } = settings;
  if (rule !== 'show' && rule !== 'hours') return null;
  if (rule === 'show' && runningShowId === null) return null;
  if (song.waitsInRunningShow) return null;
  if (rule === 'show') return song.lastPlayedInRunningShow;
  const since = now.getTime() - hours * 3_600_000;
  const last = song.lastPlayedAt;
  return last !== null && last.getTime() > since ? last : null;
}
