import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { SongMetadata } from '#shared/schemas/metadata.ts';
import { lruCache } from './lru-cache.ts';
import { baseTitle, matchKey, sameArtist, type MetadataSource } from './metadata-source.ts';
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
        title: z.string(),
        score: z.coerce.number().catch(0),
        'artist-credit': z
          .array(z.object({ name: z.string(), joinphrase: z.string().optional() }))
          .catch([]),
        'first-release-date': z.string().optional().catch(undefined),
        tags: z.array(z.object({ name: z.string(), count: z.number() })).catch([]),
      }),
    )
    .catch([]),
});
type Recording = z.infer<typeof RecordingSearch>['recordings'][number];

const MIN_SCORE = 80;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const lucene = (text: string) => `"${text.replace(/["\\]/g, '\\$&')}"`;

/** MusicBrainz's public web service: no key, rate-limited, cached, and quick to give up. */
export function musicBrainzSource(options: MusicBrainzOptions): MetadataSource {
  const cooldownMs = options.cooldownMs ?? 30_000;
  const maxQueueWaitMs = options.maxQueueWaitMs ?? 2_000;
  // Misses are cached too: asking again would give the same answer.
  const cache = lruCache<string, SongMetadata | null>(options.cacheSize ?? 2_000);
  let nextSlot = 0;
  let downUntil = 0;

  /** Reserves the next free slot in the one-a-second queue; null if it is too far away. */
  function reserveSlot(deadline: number): number | null {
    const now = Date.now();
    const slot = Math.max(now, nextSlot);
    if (slot - now > maxQueueWaitMs || slot >= deadline) return null;
    nextSlot = slot + options.minIntervalMs;
    return slot - now;
  }

  async function fetchRecordings(title: string, artist: string, timeoutMs: number) {
    const query = `recording:${lucene(title)} AND artist:${lucene(artist)}`;
    const url = `${options.baseUrl}/ws/2/recording?query=${encodeURIComponent(query)}&fmt=json&limit=10`;
    const response = await fetch(url, {
      headers: { 'user-agent': options.userAgent, accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) {
      // 503 is how MusicBrainz says "slow down": back off like for a failure.
      throw new Error(`MusicBrainz answered ${response.status}`);
    }
    return RecordingSearch.parse(await response.json()).recordings;
  }

  return {
    name: 'musicbrainz',
    offline: false,
    async lookup(title, artist, { deadline = Number.POSITIVE_INFINITY } = {}) {
      const key = `${matchKey(title)}\u0000${matchKey(artist)}`;
      if (cache.has(key)) return cache.get(key) ?? null;
      if (Date.now() < downUntil) return null;
      const wait = reserveSlot(deadline);
      if (wait === null) return null;
      await sleep(wait);
      const timeoutMs = Math.max(1, Math.min(options.timeoutMs, deadline - Date.now()));
      try {
        const metadata = bestMatch(await fetchRecordings(title, artist, timeoutMs), title, artist);
        cache.set(key, metadata);
        return metadata;
      } catch (error) {
        // Cut short by the caller's budget: says nothing about the service's health.
        if (timeoutMs < options.timeoutMs && (error as Error).name === 'TimeoutError') return null;
        downUntil = Date.now() + cooldownMs;
        options.log.warn({ err: error, title, artist }, 'MusicBrainz lookup failed');
        return null;
      }
    },
  };
}

/**
 * The recordings that are this song by this artist, best first. Their earliest release date is
 * the song's year (later hits are compilations and live albums); their tags give genres and moods.
 */
function bestMatch(recordings: Recording[], title: string, artist: string): SongMetadata | null {
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
  return {
    source: 'musicbrainz',
    title: baseTitle(best.title),
    artist: creditOf(best),
    year: years.length > 0 ? Math.min(...years) : null,
    genres,
    moods,
    // A search engine's score, scaled and kept below the catalogue's exact match.
    confidence: Math.round(Math.min(best.score, 100) * 0.95) / 100,
  };
}

function creditOf(recording: Recording): string {
  return recording['artist-credit']
    .map((credit) => `${credit.name}${credit.joinphrase ?? ''}`)
    .join('')
    .trim();
}
