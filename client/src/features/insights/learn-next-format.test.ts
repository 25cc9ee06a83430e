import { describe, expect, it } from 'vitest';
import type { LearnNextSong } from '#shared/schemas/insights.ts';
import { askedAgo, peopleLabel, showsLabel, sourcesLabel } from './learn-next-format.ts';

const NOW = Date.parse('2025-06-01T20:00:00Z');
const ago = (days: number) => new Date(NOW - days * 24 * 60 * 60 * 1000).toISOString();

describe('learn-next labels', () => {
  it('counts people and shows in words', () => {
    expect([1, 3].map(peopleLabel)).toEqual(['1 person', '3 people']);
    expect([0, 1, 2].map(showsLabel)).toEqual(['no show', '1 show', '2 shows']);
  });

  it('says how long ago, then the date', () => {
    expect(askedAgo(ago(0.2), NOW)).toBe('today');
    expect(askedAgo(ago(-0.01), NOW)).toBe('today');
    expect(askedAgo(ago(1.5), NOW)).toBe('yesterday');
    expect(askedAgo(ago(12), NOW)).toBe('12 days ago');
    expect(askedAgo('2025-01-15T12:00:00Z', NOW)).toBe('on Jan 15, 2025');
    expect(askedAgo('not a date', NOW)).toBe('at an unknown time');
  });

  it('names the shows that asked, and the time outside any show', () => {
    const song: LearnNextSong = {
      title: 'Valerie',
      artist: 'Amy Winehouse',
      score: 2.5,
      requesters: 4,
      shows: 1,
      last_asked_at: ago(1),
      sources: [
        { show_id: 's1', name: 'Friday', requesters: 2 },
        { show_id: null, name: null, requesters: 2 },
      ],
    };
    expect(sourcesLabel(song)).toBe('Friday (2), Outside a show (2)');
  });
});
