import { crowdAnswerOf, type CrowdAnswer } from '#server/http/crowd-answer.ts';
import { crowdCache, type CrowdCacheAges } from '#server/http/crowd-cache.ts';

/**
 * How long a process answers a public song list from the one it read to a phone that names no
 * push: less than half the 500 ms a `songs` push waits before it leaves
 * (SONGS_CHANGED_COALESCE_MS in realtime/audience-pushes.ts), so whatever a phone refetching on
 * that push is answered was read after the change committed, even on a process that never heard
 * of the change; the process that made the change forgets its own copy at once (forget).
 */
export const SONG_LIST_MAX_AGE_MS = 200;
/** A phone refetching on a `songs` push names its version: one read per process and change. */
export const VERSIONED_MAX_AGE_MS = 30_000;
const SONG_LIST_AGES: CrowdCacheAges = {
  maxAgeMs: SONG_LIST_MAX_AGE_MS,
  versionedMaxAgeMs: VERSIONED_MAX_AGE_MS,
};

/**
 * The festival page: 20,000 phones refetch one musician's list within a second of a push. One
 * read and one serialization serve every phone of this process that asks meanwhile; each phone
 * then gets a 304 or the body as it is.
 */
export function songListCache(clock?: () => number) {
  const lists = crowdCache<CrowdAnswer>(SONG_LIST_AGES, clock);
  const moves = crowdCache<string | undefined>(SONG_LIST_AGES, clock);

  return {
    /**
     * Where an old slug now points (the redirect every audience GET checks first), read as the
     * list is (same ages, same versions): a phone's refetch costs no query of its own for it either.
     */
    movedTo: (slug: string, load: () => Promise<string | undefined>, version?: string) =>
      moves.answer(slug, async () => ({ value: await load() }), version),

    /** The list under `key` (the slug and the query), serialized by `load`. */
    answer: (
      key: string,
      load: () => Promise<{ musicianId: string; body: string }>,
      version?: string,
    ): Promise<CrowdAnswer> =>
      lists.answer(
        key,
        async () => {
          const { musicianId, body } = await load();
          return { musicianId, value: crowdAnswerOf(body) };
        },
        version,
      ),

    /** The musician's songs changed (published in this process): their lists are read again. */
    forget: lists.forget,

    /** A slug changed hands (a rename, published in this process): no redirect answer stands. */
    forgetMoves: moves.clear,
  };
}

export type SongListCache = ReturnType<typeof songListCache>;
