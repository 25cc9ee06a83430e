import { etagOf, type SongListAnswer } from './song-list-etag.ts';

/**
 * How long a process answers a public song list from the one it read, serialized and tagged:
 * less than half the 500 ms a `songs` push waits before it leaves (SONGS_CHANGED_COALESCE_MS in
 * realtime/audience-pushes.ts). A phone refetches on that push, so whatever it is answered was
 * read from the database after the change committed, even on a process that never heard of the
 * change; the process that made the change forgets its own copy at once (forget).
 */
export const SONG_LIST_MAX_AGE_MS = 200;
/** Lists kept at once; past it the oldest goes (they live a fraction of a second anyway). */
const MAX_ENTRIES = 1000;

interface Entry {
  /** When its read began: the age counts from there, not from when it came back. */
  at: number;
  musicianId?: string;
  answer: Promise<SongListAnswer>;
}

/**
 * The festival page: 20,000 phones refetch one musician's list within a second of a push. One
 * read and one serialization serve every phone of this process that asks meanwhile (those asking
 * while it runs wait for it); each phone then gets a 304 or the body as it is.
 */
export function songListCache(clock: () => number = () => performance.now()) {
  const entries = new Map<string, Entry>();

  function prune(now: number) {
    for (const [key, entry] of entries) {
      if (now - entry.at >= SONG_LIST_MAX_AGE_MS) entries.delete(key);
    }
    // Insertion order is age order: the oldest go first.
    for (const key of entries.keys()) {
      if (entries.size <= MAX_ENTRIES) break;
      entries.delete(key);
    }
  }

  const moves = new Map<string, { at: number; current: Promise<string | undefined> }>();

  return {
    /**
     * Where an old slug now points (the redirect every audience GET checks first), read at most
     * once per SONG_LIST_MAX_AGE_MS: a phone's refetch costs no query of its own for it either.
     */
    movedTo(slug: string, load: () => Promise<string | undefined>): Promise<string | undefined> {
      const now = clock();
      const known = moves.get(slug);
      if (known && now - known.at < SONG_LIST_MAX_AGE_MS) return known.current;
      if (moves.size >= MAX_ENTRIES) moves.clear();
      const current = load();
      current.catch(() => moves.delete(slug));
      moves.set(slug, { at: now, current });
      return current;
    },

    /**
     * The list under `key` (the slug and the query), read by `load` unless a read of it began
     * less than SONG_LIST_MAX_AGE_MS ago. A failed read is not kept: its waiters get its error.
     */
    answer(
      key: string,
      load: () => Promise<{ musicianId: string; body: string }>,
    ): Promise<SongListAnswer> {
      const now = clock();
      const known = entries.get(key);
      if (known && now - known.at < SONG_LIST_MAX_AGE_MS) return known.answer;
      const entry: Entry = { at: now, answer: Promise.resolve({ body: '', etag: '' }) };
      entry.answer = load().then(({ musicianId, body }) => {
        entry.musicianId = musicianId;
        return { body, etag: etagOf(body) };
      });
      entry.answer.catch(() => entries.get(key) === entry && entries.delete(key));
      entries.delete(key);
      entries.set(key, entry);
      if (entries.size > MAX_ENTRIES) prune(now);
      return entry.answer;
    },

    /**
     * The musician's songs changed (published in this process): their lists are read again.
     * A read still running may have begun before the change, so it goes too.
     */
    forget(musicianId: string): void {
      for (const [key, entry] of entries) {
        if (entry.musicianId === musicianId || entry.musicianId === undefined) entries.delete(key);
      }
    },
  };
}

export type SongListCache = ReturnType<typeof songListCache>;
