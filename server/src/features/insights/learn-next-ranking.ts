/**
 * The ranking behind "what to learn next" and "requested but rarely played": a pure function of
 * the asks and the moment it is asked at (`now`), so tests give it a fixed clock.
 *
 * The score of a song, rounded to 2 decimals:
 *
 *   score = (sum over the distinct people who asked of 0.5 ^ (days since their last ask / 30))
 *           * (1 + 0.5 * (distinct shows it was asked in - 1))
 *
 * - One person counts once however often they asked, so one fan cannot push a song up alone.
 * - An ask loses half its weight every 30 days: last week's crowd outweighs last year's.
 * - A song asked for at several shows is a pattern, not one table's whim: every show after the
 *   first adds half again (asks outside any show count as no show).
 *
 * Ties go to more people, then the most recent ask, then the title.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** Days after which an ask weighs half. */
export const RECENCY_HALF_LIFE_DAYS = 30;
/** What each show after the first adds to the multiplier. */
export const EXTRA_SHOW_BOOST = 0.5;

/** One person's asks for one song at one show (or outside any), as the repository reads them. */
export interface Ask {
  /** What merges asks into one song: the song key for suggestions, the song id for requests. */
  key: string;
  /** As this ask spelled it. */
  title: string;
  artist: string;
  /** The person: their lower-cased email, else their device, else the ask itself. Never shown. */
  who: string;
  showId: string | null;
  showName: string | null;
  /** The newest ask this row stands for. */
  askedAt: Date;
  /** How many asks this row stands for (a spelling used more often wins). */
  count: number;
}

export interface RankedSource {
  showId: string | null;
  name: string | null;
  requesters: number;
  lastAskedAt: Date;
}

export interface RankedSong {
  key: string;
  title: string;
  artist: string;
  score: number;
  requesters: number;
  shows: number;
  lastAskedAt: Date;
  /** Newest first. */
  sources: RankedSource[];
}

/** 1 for an ask now (or a clock running behind), 0.5 at 30 days, 0.25 at 60, ... */
export function recencyWeight(askedAt: Date, now: Date): number {
  const ageDays = Math.max(0, now.getTime() - askedAt.getTime()) / DAY_MS;
  return 0.5 ** (ageDays / RECENCY_HALF_LIFE_DAYS);
}

/** 1 for one show (or none), 1.5 for two, 2 for three, ... */
export function showBoost(shows: number): number {
  return 1 + EXTRA_SHOW_BOOST * Math.max(0, shows - 1);
}

interface Spelling {
  title: string;
  artist: string;
  count: number;
  newest: Date;
}

interface SourceTally {
  showId: string | null;
  name: string | null;
  people: Set<string>;
  lastAskedAt: Date;
}

interface SongTally {
  spellings: Map<string, Spelling>;
  /** Each person's newest ask. */
  people: Map<string, Date>;
  sources: Map<string, SourceTally>;
}

const later = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);
const round2 = (value: number) => Math.round(value * 100) / 100;

function tally(asks: Iterable<Ask>): Map<string, SongTally> {
  const songs = new Map<string, SongTally>();
  for (const ask of asks) {
    let song = songs.get(ask.key);
    if (!song) {
      song = { spellings: new Map(), people: new Map(), sources: new Map() };
      songs.set(ask.key, song);
    }
    const spellingKey = `${ask.title}\u0000${ask.artist}`;
    const spelling = song.spellings.get(spellingKey);
    if (spelling) {
      spelling.count += ask.count;
      spelling.newest = later(spelling.newest, ask.askedAt);
    } else {
      song.spellings.set(spellingKey, { ...ask, newest: ask.askedAt });
    }
    const seen = song.people.get(ask.who);
    song.people.set(ask.who, seen ? later(seen, ask.askedAt) : ask.askedAt);
    const sourceKey = ask.showId ?? '';
    const source = song.sources.get(sourceKey);
    if (source) {
      source.people.add(ask.who);
      source.lastAskedAt = later(source.lastAskedAt, ask.askedAt);
    } else {
      song.sources.set(sourceKey, {
        showId: ask.showId,
        name: ask.showName,
        people: new Set([ask.who]),
        lastAskedAt: ask.askedAt,
      });
    }
  }
  return songs;
}

/** The most used spelling; of equally used ones, the newest. */
function commonSpelling(spellings: Iterable<Spelling>): Spelling {
  let best: Spelling | undefined;
  for (const spelling of spellings) {
    if (
      !best ||
      spelling.count > best.count ||
      (spelling.count === best.count && spelling.newest > best.newest)
    ) {
      best = spelling;
    }
  }
  return best!;
}

function ranked(key: string, song: SongTally, now: Date): RankedSong & { exact: number } {
  const { title, artist } = commonSpelling(song.spellings.values());
  const sources = [...song.sources.values()]
    .sort((a, b) => b.lastAskedAt.getTime() - a.lastAskedAt.getTime())
    .map(({ showId, name, people, lastAskedAt }) => ({
      showId,
      name,
      requesters: people.size,
      lastAskedAt,
    }));
  const shows = sources.filter((source) => source.showId !== null).length;
  let weight = 0;
  let lastAskedAt = new Date(0);
  for (const askedAt of song.people.values()) {
    weight += recencyWeight(askedAt, now);
    lastAskedAt = later(lastAskedAt, askedAt);
  }
  const exact = weight * showBoost(shows);
  return {
    key,
    title,
    artist,
    exact,
    score: round2(exact),
    requesters: song.people.size,
    shows,
    lastAskedAt,
    sources,
  };
}

/** The `limit` songs with the highest score, highest first (see the formula above). */
export function rankSongs(asks: Iterable<Ask>, now: Date, limit: number): RankedSong[] {
  const all = [...tally(asks)].map(([key, song]) => ranked(key, song, now));
  all.sort(
    (a, b) =>
      b.exact - a.exact ||
      b.requesters - a.requesters ||
      b.lastAskedAt.getTime() - a.lastAskedAt.getTime() ||
      a.title.localeCompare(b.title, 'en') ||
      a.artist.localeCompare(b.artist, 'en'),
  );
  return all.slice(0, limit).map(({ exact: _exact, ...song }) => song);
}
