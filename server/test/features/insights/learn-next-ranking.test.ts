import { describe, expect, it } from 'vitest';
import {
  rankSongs,
  recencyWeight,
  showBoost,
  type Ask,
} from '#server/features/insights/learn-next-ranking.ts';

const NOW = new Date('2025-06-01T20:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000);

/** One ask of `who` for the song `key`, today, outside any show, unless overridden. */
function ask(key: string, who: string, overrides: Partial<Ask> = {}): Ask {
  return {
    key,
    title: key,
    artist: 'Band',
    who,
    showId: null,
    showName: null,
    askedAt: NOW,
    count: 1,
    ...overrides,
  };
}

const atShow = (show: string, days = 0): Partial<Ask> => ({
  showId: show,
  showName: `Show ${show}`,
  askedAt: daysAgo(days),
});

describe('recencyWeight', () => {
  it('halves every 30 days and never passes 1', () => {
    expect(recencyWeight(NOW, NOW)).toBe(1);
    expect(recencyWeight(daysAgo(30), NOW)).toBeCloseTo(0.5, 10);
    expect(recencyWeight(daysAgo(60), NOW)).toBeCloseTo(0.25, 10);
    expect(recencyWeight(daysAgo(-3), NOW)).toBe(1);
  });
});

describe('showBoost', () => {
  it('adds half for every show after the first', () => {
    expect([0, 1, 2, 3, 5].map(showBoost)).toEqual([1, 1, 1.5, 2, 3]);
  });
});

describe('rankSongs', () => {
  it('ranks by distinct people, recency and shows in a known order', () => {
    const asks = [
      // Old: three people, 40 days ago, one show: 3 * 0.5^(4/3) = 1.19
      ...['a', 'b', 'c'].map((who) => ask('old', who, atShow('s1', 40))),
      // Two people today, at two shows: 2 * 1.5 = 3
      ask('spread', 'a', atShow('s1')),
      ask('spread', 'b', atShow('s2')),
      // One person five times today: 1
      ...[1, 2, 3, 4, 5].map(() => ask('fan', 'superfan')),
      // Two people today, one show: 2
      ask('fresh', 'd', atShow('s2')),
      ask('fresh', 'e', atShow('s2')),
    ];
    const ranked = rankSongs(asks, NOW, 20);
    expect(ranked.map((song) => [song.key, song.score, song.requesters, song.shows])).toEqual([
      ['spread', 3, 2, 2],
      ['fresh', 2, 2, 1],
      ['old', 1.19, 3, 1],
      ['fan', 1, 1, 0],
    ]);
  });

  it('counts a person once, at their newest ask', () => {
    const [song] = rankSongs(
      [ask('x', 'ann', { askedAt: daysAgo(60) }), ask('x', 'ann', { askedAt: daysAgo(30) })],
      NOW,
      20,
    );
    expect(song).toMatchObject({ requesters: 1, score: 0.5 });
    expect(song!.lastAskedAt).toEqual(daysAgo(30));
  });

  it('shows the most used spelling, the newest of equally used ones', () => {
    const [mostUsed] = rankSongs(
      [
        ask('k', 'a', { title: 'wonderwall', artist: 'oasis', count: 3 }),
        ask('k', 'b', { title: 'Wonderwall', artist: 'Oasis', count: 2 }),
        ask('k', 'c', { title: 'Wonderwall', artist: 'Oasis', count: 2 }),
      ],
      NOW,
      20,
    );
    expect([mostUsed!.title, mostUsed!.artist]).toEqual(['Wonderwall', 'Oasis']);

    const [newest] = rankSongs(
      [
        ask('k', 'a', { title: 'WONDERWALL', askedAt: daysAgo(2) }),
        ask('k', 'b', { title: 'Wonderwall', askedAt: daysAgo(1) }),
      ],
      NOW,
      20,
    );
    expect(newest!.title).toBe('Wonderwall');
  });

  it('lists the shows that asked, newest first, with their people', () => {
    const [song] = rankSongs(
      [
        ask('k', 'a', atShow('s1', 10)),
        ask('k', 'b', atShow('s1', 10)),
        ask('k', 'a', atShow('s2', 3)),
        ask('k', 'c', { askedAt: daysAgo(5) }),
      ],
      NOW,
      20,
    );
    expect(song!.sources).toEqual([
      { showId: 's2', name: 'Show s2', requesters: 1, lastAskedAt: daysAgo(3) },
      { showId: null, name: null, requesters: 1, lastAskedAt: daysAgo(5) },
      { showId: 's1', name: 'Show s1', requesters: 2, lastAskedAt: daysAgo(10) },
    ]);
    expect(song!.shows).toBe(2);
    expect(song!.requesters).toBe(3);
  });

  it('breaks ties by people, then the newest ask, then the title', () => {
    const ranked = rankSongs(
      [
        // 1 person at three shows: 1 * 2 = 2
        ask('loyal', 'a', atShow('s1')),
        ask('loyal', 'a', atShow('s2')),
        ask('loyal', 'a', atShow('s3')),
        // 2 people, no show: 2
        ask('pair', 'b'),
        ask('pair', 'c'),
        // Equal scores and people; one asked a minute later.
        ask('zeta', 'd', { askedAt: daysAgo(0) }),
        ask('later', 'e', { askedAt: new Date(NOW.getTime() + 60_000) }),
        ask('alpha', 'f', { askedAt: daysAgo(0) }),
      ],
      NOW,
      20,
    );
    expect(ranked.map((song) => song.key)).toEqual(['pair', 'loyal', 'later', 'alpha', 'zeta']);
  });

  it('keeps only the top `limit` and rounds scores to 2 decimals', () => {
    const asks = Array.from({ length: 30 }, (_, i) => ask(`song-${i}`, 'p', atShow('s', i)));
    const ranked = rankSongs(asks, NOW, 20);
    expect(ranked).toHaveLength(20);
    expect(ranked[0]!.key).toBe('song-0');
    expect(ranked[19]!.key).toBe('song-19');
    expect(ranked[1]!.score).toBe(Math.round(0.5 ** (1 / 30) * 100) / 100);
    expect(rankSongs([], NOW, 20)).toEqual([]);
  });
});
