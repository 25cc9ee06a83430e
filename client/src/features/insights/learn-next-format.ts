import { fill, plural } from '#shared/fill-message.ts';
import { messages } from '#shared/messages.ts';
import type { LearnNextSong } from '#shared/schemas/insights.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/** "1 person" / "3 people" */
export function peopleLabel(count: number): string {
  return plural(count, 'person', 'people');
}

/** "no show" / "1 show" / "2 shows" */
export function showsLabel(count: number): string {
  if (count === 0) return 'no show';
  return plural(count, 'show', 'shows');
}

/** When the song was last asked for, by calendar-free days: "today", "3 days ago", a date. */
export function askedAgo(iso: string, now: number): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return 'at an unknown time';
  const days = Math.floor((now - then) / DAY_MS);
  if (days < 1) return 'today';
  if (days === 1) return 'yesterday';
  if (days < 60) return `${days} days ago`;
  return `on ${dateFormat.format(then)}`;
}

/** "Friday (2), Tuesday (1), Outside a show (1)": the shows that asked, newest first. */
export function sourcesLabel(song: LearnNextSong): string {
  return song.sources
    .map((source) => `${source.name ?? messages.learnNextOutsideShow} (${source.requesters})`)
    .join(', ');
}

/** "Valerie by Amy Winehouse" */
export function songName(song: { title: string; artist: string }): string {
  return `${song.title} by ${song.artist}`;
}

/** The toast after a song was added or hidden. */
export function doneMessage(template: string, song: { title: string }): string {
  return fill(template, { song: song.title });
}
