import { etagOf, type SongListAnswer } from './song-list-etag.ts';

/**
 * How long a process answers a public song list from the one it read, serialized and tagged, to a
 * phone that names no list version: less than half the 500 ms a `songs` push waits before it
 * leaves (SONGS_CHANGED_COALESCE_MS in realtime/audience-pushes.ts), so whatever a phone refetching
 * on that push is answered was read after the change committed, even on a process that never heard
 * of the change; the process that made the change forgets its own copy at once (forget).
 */
export const SONG_LIST_MAX_AGE_MS = 200;
/**
 * A phone refetching on a `songs` push names the push's version (SONG_LIST_VERSION_HEADER): a list
 * read for that version was read after the push left, so after the change, and answers every phone
 * naming it for this long, however long the crowd takes to ask: one read per process and change.
 */
export const VERSIONED_MAX_AGE_MS = 30_000;
/** Lists kept at once; past it the oldest goes. */
const MAX_ENTRIES = 1000;

interface Entry {
  /** When its read began: the age counts from there, not from when it came back. */
  at: number;
  /** The push's version it was read for, if a phone named one. */
  version?: string;
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

  const fresh = (entry: { at: number; version?: string }, now: number, version?: string) =>
    version !== undefined && entry.version === version
      ? now - entry.at < VERSIONED_MAX_AGE_MS
      : now - entry.at < SONG_LIST_MAX_AGE_MS;

  function prune(now: number) {
    for (const [key, entry] of entries) {
      if (!fresh(entry, now, entry.version)) entries.delete(key);
    }
    // Insertion order is age order: the oldest go first.
    for (const key of entries.keys()) {
      if (entries.size <= MAX_ENTRIES) break;
      entries.delete(key);
    }
  }

  const moves = new Map<
    string,
    { at: number; version?: string; current: Promise<string | undefined> }
  >();

  return {
    /**
     * Where an old slug now points (the redirect every audience GET checks first), read as the
     * list is (same ages, same versions): a phone's refetch costs no query of its own for it either.
     */
    movedTo(
      slug: string,
      load: () => Promise<string | undefined>,
      version?: string,
    ): Promise<string | undefined> {
      const now = clock();
      const known = moves.get(slug);
      if (known && fresh(known, now, version)) return known.current;
      if (moves.size >= MAX_ENTRIES) moves.clear();
      const current = load();
      current.catch(() => moves.delete(slug));
      moves.set(slug, { at: now, version, current });
      return current;
    },

    /**
     * The list under `key` (the slug and the query), read by `load` unless a read of it began less
     * than SONG_LIST_MAX_AGE_MS ago, or was made for the push `version` the phone names. A read for
     * a version serves phones naming none too, for as long as any other read. A failed read is not
     * kept: its waiters get its error.
     */
    answer(
      key: string,
      load: () => Promise<{ musicianId: string; body: string }>,
      version?: string,
    ): Promise<SongListAnswer> {
      const now = clock();
      const known = entries.get(key);
      if (known && fresh(known, now, version)) return known.answer;
      const entry: Entry = { at: now, version, answer: Promise.resolve({ body: '', etag: '' }) };
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

    /** A slug changed hands (a rename, published in this process): no redirect answer stands. */
    forgetMoves(): void {
      moves.clear();
    },
  };
}

export type SongListCache = ReturnType<typeof songListCache>;
