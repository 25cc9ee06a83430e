import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { SONG_DURATION_MAX_SECONDS } from '#shared/limits.ts';
import type { SongMetadata } from '#shared/schemas/metadata.ts';
import { lruCache } from './lru-cache.ts';
import { baseTitle, matchKey, sameArtist, type MetadataSource } from './metadata-source.ts';
import { firstWorkId, RecordingWorks, writerNames, WorkWriters } from './musicbrainz-writers.ts';
import { classifyTags } from './tag-vocabulary.ts';

interface MusicBrainzOptions {
  baseUrl: string;
  /** MusicBrainz blocks anonymous clients: name the product and a contact. */
  userAgent: string;
  timeoutMs: number;
  /** Their rate limit is one request a second per application. */
  minIntervalMs: number;
  log: FastifyBaseLogger;
  /** After a network failure, skip the service this long instead of timing out call after call. */
  cooldownMs?: number;
  /** A lookup waits at most this long for its turn in the queue; beyond that it answers null. */
  maxQueueWaitMs?: number;
  cacheSize?: number;
}

/** Only the fields we read from /ws/2/recording?fmt=json; everything else is ignored. */
const RecordingSearch = z.object({
  recordings: z
    .array(
      z.object({
        id: z.string(),
        title: z.string(),
        score: z.coerce.number().catch(0),
        'artist-credit': z
          .array(z.object({ name: z.string(), joinphrase: z.string().optional() }))
          .catch([]),
        'first-release-date': z.string().optional().catch(undefined),
        /** Milliseconds; absent or null when MusicBrainz does not know it. */
        length: z.number().positive().optional().catch(undefined),
        tags: z.array(z.object({ name: z.string(), count: z.number() })).catch([]),
      }),
    )
    .catch([]),
});
type Recording = z.infer<typeof RecordingSearch>['recordings'][number];

const MIN_SCORE = 80;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const lucene = (text: string) => `"${text.replace(/["\\]/g, '\\$&')}"`;

/** A recording search's best match, and the recording whose work names the writers. */
interface Match {
  metadata: SongMetadata;
  recordingId: string;
}

/** What a call brought back: the parsed body, or null when MusicBrainz has no such entity. */
type Answer<T> = { body: T | null };

/**
 * MusicBrainz's public web service: no key, rate-limited, cached, and quick to give up. A match
 * takes up to three calls, each waiting its turn in the one-a-second queue: the recording search
 * (year, genres, moods), then the recording's work and the work's writers (songwriter).
 */
export function musicBrainzSource(options: MusicBrainzOptions): MetadataSource {
  const cooldownMs = options.cooldownMs ?? 30_000;
  const maxQueueWaitMs = options.maxQueueWaitMs ?? 2_000;
  const cacheSize = options.cacheSize ?? 2_000;
  // Misses are cached too: asking again would give the same answer.
  const matches = lruCache<string, Match | null>(cacheSize);
  /** Writers by recording id: kept apart, so a lookup cut short by a budget can finish later. */
  const writers = lruCache<string, string>(cacheSize);
  let nextSlot = 0;
  let lastSent = 0;
  let downUntil = 0;

  /** Reserves the next free slot in the one-a-second queue; null if it is too far away. */
  function reserveSlot(deadline: number): number | null {
    const now = Date.now();
    const slot = Math.max(now, nextSlot);
    if (slot - now > maxQueueWaitMs || slot >= deadline) return null;
    nextSlot = slot + options.minIntervalMs;
    return slot - now;
  }

  /**
   * One call in its turn. Null when it could not be made or failed (no slot before the deadline,
   * the service down, a timeout): that says nothing about the song, so it is never cached.
   */
  async function call<T>(
    path: string,
    schema: z.ZodType<T>,
    deadline: number,
  ): Promise<Answer<T> | null> {
    if (Date.now() < downUntil) return null;
    const wait = reserveSlot(deadline);
    if (wait === null) return null;
    await sleep(wait);
    // A timer that fired late (a busy server) must not let the next call follow too closely:
    // the interval holds between the calls as sent, not only as planned.
    for (let gap = lastSent + options.minIntervalMs - Date.now(); gap > 0;) {
      await sleep(gap);
      gap = lastSent + options.minIntervalMs - Date.now();
    }
    lastSent = Date.now();
    const timeoutMs = Math.max(1, Math.min(options.timeoutMs, deadline - Date.now()));
    try {
      const response = await fetch(`${options.baseUrl}${path}`, {
        headers: { 'user-agent': options.userAgent, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      // A recording or work merged away since the search: nothing to learn from it.
      if (response.status === 404 && !path.startsWith('/ws/2/recording?')) return { body: null };
      // 503 is how MusicBrainz says "slow down": back off like for a failure.
      if (!response.ok) throw new Error(`MusicBrainz answered ${response.status}`);
      return { body: schema.parse(await response.json()) };
    } catch (error) {
      // Cut short by the caller's budget: says nothing about the service's health.
      if (timeoutMs < options.timeoutMs && (error as Error).name === 'TimeoutError') return null;
      downUntil = Date.now() + cooldownMs;
      options.log.warn({ err: error, path }, 'MusicBrainz lookup failed');
      return null;
    }
  }

  async function findMatch(title: string, artist: string, deadline: number) {
    const key = `${matchKey(title)}\u0000${matchKey(artist)}`;
    if (matches.has(key)) return matches.get(key) ?? null;
    const query = `recording:${lucene(title)} AND artist:${lucene(artist)}`;
    const path = `/ws/2/recording?query=${encodeURIComponent(query)}&fmt=json&limit=10`;
    const answer = await call(path, RecordingSearch, deadline);
    if (!answer) return null;
    const match = bestMatch(answer.body?.recordings ?? [], title, artist);
    matches.set(key, match);
    return match;
  }

  /** The recording's writers, '' when MusicBrainz names none or there was no time to ask. */
  async function findWriters(recordingId: string, deadline: number): Promise<string> {
    const known = writers.get(recordingId);
    if (known !== undefined) return known;
    const id = encodeURIComponent(recordingId);
    const recording = await call(
      `/ws/2/recording/${id}?inc=work-rels&fmt=json`,
      RecordingWorks,
      deadline,
    );
    if (!recording) return '';
    const workId = recording.body && firstWorkId(recording.body);
    let names = '';
    if (workId) {
      const path = `/ws/2/work/${encodeURIComponent(workId)}?inc=artist-rels&fmt=json`;
      const work = await call(path, WorkWriters, deadline);
      if (!work) return '';
      names = work.body ? writerNames(work.body) : '';
    }
    writers.set(recordingId, names);
    return names;
  }

  return {
    name: 'musicbrainz',
    offline: false,
    async lookup(title, artist, { deadline = Number.POSITIVE_INFINITY } = {}) {
      const match = await findMatch(title, artist, deadline);
      if (!match) return null;
      return { ...match.metadata, songwriter: await findWriters(match.recordingId, deadline) };
    },
  };
}

/**
 * The recordings that are this song by this artist, best first. Their earliest release date is
 * the song's year (later hits are compilations and live albums); their tags give genres and moods.
 */
function bestMatch(recordings: Recording[], title: string, artist: string): Match | null {
  const wanted = matchKey(baseTitle(title));
  const matches = recordings
    .filter((recording) => recording.score >= MIN_SCORE)
    .filter((recording) => matchKey(baseTitle(recording.title)) === wanted)
    .filter((recording) => sameArtist(creditOf(recording), artist))
    .sort((a, b) => b.score - a.score);
  const best = matches[0];
  if (!best) return null;

  const years = matches
    .map((recording) => Number(recording['first-release-date']?.slice(0, 4)))
    .filter((year) => Number.isInteger(year) && year >= 1000 && year <= 2100);
  const tagCounts = new Map<string, number>();
  for (const tag of matches.flatMap((recording) => recording.tags)) {
    tagCounts.set(tag.name, (tagCounts.get(tag.name) ?? 0) + tag.count);
  }
  const { genres, moods } = classifyTags([...tagCounts].map(([name, count]) => ({ name, count })));
  const metadata: SongMetadata = {
    source: 'musicbrainz',
    title: baseTitle(best.title),
    artist: creditOf(best),
    year: years.length > 0 ? Math.min(...years) : null,
    genres,
    moods,
    duration_seconds: lengthOf(matches),
    // A search engine's score, scaled and kept below the catalogue's exact match.
    confidence: Math.round(Math.min(best.score, 100) * 0.95) / 100,
  };
  return { metadata, recordingId: best.id };
}

/**
 * The best match's length in whole seconds, or the next match's when it has none (another
 * recording of the same song: close enough for a wait estimate); null when none fits a song.
 */
function lengthOf(matches: readonly Recording[]): number | null {
  const ms = matches.find((recording) => recording.length !== undefined)?.length;
  const seconds = ms === undefined ? 0 : Math.round(ms / 1000);
  return seconds >= 1 && seconds <= SONG_DURATION_MAX_SECONDS ? seconds : null;
}

function creditOf(recording: Recording): string {
  return recording['artist-credit']
    .map((credit) => `${credit.name}${credit.joinphrase ?? ''}`)
    .join('')
    .trim();
}
