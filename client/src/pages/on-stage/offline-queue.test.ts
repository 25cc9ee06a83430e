import { describe, expect, it } from 'vitest';
import type { SongRequest } from '#shared/schemas/request.ts';
import { songRequest } from '#client-test/request-factory.ts';
import {
  boundedQueue,
  forgetStageQueues,
  readStageQueue,
  saveStageQueue,
  STAGE_QUEUE_KEY_PREFIX,
  STAGE_QUEUE_LIMITS,
} from './offline-queue.ts';

/** localStorage as the browser has it: string values, keys by index, and perhaps a quota. */
class MemoryStorage {
  readonly items = new Map<string, string>();
  quotaFull = false;
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.quotaFull) throw new DOMException('full', 'QuotaExceededError');
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const NOW = Date.parse('2025-05-01T22:00:00.000Z');
const HOUR = 60 * 60 * 1000;
const show = { id: 'show-1', name: 'Friday at the Anchor' };

function requestsOf(count: number, overrides: Partial<SongRequest> = {}): SongRequest[] {
  return Array.from({ length: count }, (_, index) =>
    songRequest({
      id: `${overrides.status ?? 'pending'}-${index}`,
      created_at: new Date(NOW - (count - index) * 1000).toISOString(),
      updated_at: new Date(NOW - (count - index) * 1000).toISOString(),
      ...overrides,
    }),
  );
}

describe('the offline stage queue', () => {
  it("keeps the musician's queue and running show, and gives them back", () => {
    const storage = new MemoryStorage();
    const requests = [
      songRequest({ id: 'a', song_title: 'Jolene', dedication: 'For Mum', tip_amount: 5 }),
      songRequest({ id: 'b', status: 'up_next', show_id: show.id, show_name: show.name }),
      songRequest({ id: 'c', status: 'played' }),
    ];
    saveStageQueue(storage, { musicianId: 'm1', requests, show }, NOW);

    const stored = readStageQueue(storage, 'm1', NOW + HOUR);
    expect(stored).toMatchObject({ musicianId: 'm1', savedAt: NOW, show });
    expect(stored?.requests.map((request) => request.id).sort()).toEqual(['a', 'b', 'c']);
    expect(stored?.requests.find((request) => request.id === 'a')).toMatchObject({
      song_title: 'Jolene',
      requester_name: 'Alex',
      dedication: 'For Mum',
      tip_amount: 5,
      status: 'pending',
    });
  });

  it('never keeps an email, even one merged in as a voter', () => {
    const storage = new MemoryStorage();
    const voter = {
      requester_name: 'Sam',
      dedication: '',
      tip_amount: 0,
      created_at: '2025-05-01T20:01:00.000Z',
      requester_email: 'sam@example.com',
    };
    const request = songRequest({ requester_email: 'alex@example.com', votes: 2, voters: [voter] });
    saveStageQueue(storage, { musicianId: 'm1', requests: [request], show: null }, NOW);

    const raw = [...storage.items.values()].join();
    expect(raw).not.toContain('@example.com');
    expect(raw).toContain('Sam');
    expect(readStageQueue(storage, 'm1', NOW)?.requests[0]).toMatchObject({
      requester_email: '',
      votes: 2,
      voters: [{ requester_name: 'Sam' }],
    });
  });

  it('is bounded: every waiting request up to the limit, and only the latest completed', () => {
    const waiting = requestsOf(STAGE_QUEUE_LIMITS.waiting + 20);
    const completed = requestsOf(STAGE_QUEUE_LIMITS.completed + 30, { status: 'played' });
    const kept = boundedQueue([...completed, ...waiting]);

    expect(kept.filter((r) => r.status === 'pending')).toHaveLength(STAGE_QUEUE_LIMITS.waiting);
    const keptCompleted = kept.filter((r) => r.status === 'played');
    expect(keptCompleted).toHaveLength(STAGE_QUEUE_LIMITS.completed);
    // The most recently completed ones, which the Completed list shows first.
    expect(keptCompleted[0]?.id).toBe(completed.at(-1)?.id);
  });

  it('keeps Up Next ahead of the rest when the queue is over the limit', () => {
    const active = requestsOf(STAGE_QUEUE_LIMITS.waiting);
    const upNext = requestsOf(3, { status: 'up_next' });
    const kept = boundedQueue([...active, ...upNext]);
    expect(kept.filter((r) => r.status === 'up_next')).toHaveLength(3);
    expect(kept).toHaveLength(STAGE_QUEUE_LIMITS.waiting);
  });

  it("is one musician's: another's is neither shown nor kept", () => {
    const storage = new MemoryStorage();
    saveStageQueue(storage, { musicianId: 'm1', requests: requestsOf(2), show: null }, NOW);
    expect(readStageQueue(storage, 'm2', NOW)).toBeNull();

    saveStageQueue(storage, { musicianId: 'm2', requests: requestsOf(1), show: null }, NOW);
    expect(readStageQueue(storage, 'm1', NOW)).toBeNull();
    expect([...storage.items.keys()]).toEqual([`${STAGE_QUEUE_KEY_PREFIX}m2`]);
  });

  it('drops a queue older than a week', () => {
    const storage = new MemoryStorage();
    saveStageQueue(storage, { musicianId: 'm1', requests: requestsOf(1), show: null }, NOW);
    expect(readStageQueue(storage, 'm1', NOW + STAGE_QUEUE_LIMITS.maxAgeMs)).not.toBeNull();
    expect(readStageQueue(storage, 'm1', NOW + STAGE_QUEUE_LIMITS.maxAgeMs + 1)).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it('treats a damaged or foreign copy as none, and removes it', () => {
    const storage = new MemoryStorage();
    const key = `${STAGE_QUEUE_KEY_PREFIX}m1`;
    for (const raw of [
      '{not json',
      'null',
      JSON.stringify({ version: 2, musicianId: 'm1', savedAt: NOW, show: null, requests: [] }),
      JSON.stringify({ version: 1, musicianId: 'm9', savedAt: NOW, show: null, requests: [] }),
      JSON.stringify({ version: 1, musicianId: 'm1', savedAt: NOW, show: null, requests: [{}] }),
      JSON.stringify({
        version: 1,
        musicianId: 'm1',
        savedAt: NOW + 2 * HOUR,
        show: null,
        requests: [],
      }),
    ]) {
      storage.setItem(key, raw);
      expect(readStageQueue(storage, 'm1', NOW), raw).toBeNull();
    }
  });

  it('strips fields a hand-edited copy adds, emails included', () => {
    const storage = new MemoryStorage();
    const edited = { ...songRequest({ requester_email: '' }), requester_email: 'x@example.com' };
    storage.setItem(
      `${STAGE_QUEUE_KEY_PREFIX}m1`,
      JSON.stringify({
        version: 1,
        musicianId: 'm1',
        savedAt: NOW,
        show: null,
        requests: [edited],
      }),
    );
    expect(readStageQueue(storage, 'm1', NOW)?.requests[0]?.requester_email).toBe('');
  });

  it('works on without a copy when storage is full or refused', () => {
    const storage = new MemoryStorage();
    storage.quotaFull = true;
    expect(() =>
      saveStageQueue(storage, { musicianId: 'm1', requests: requestsOf(1), show }, NOW),
    ).not.toThrow();
    expect(readStageQueue(storage, 'm1', NOW)).toBeNull();

    const refusing = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    } as unknown as Storage;
    expect(readStageQueue(refusing, 'm1', NOW)).toBeNull();
  });

  it('forgets every kept queue, and nothing else of the page', () => {
    const storage = new MemoryStorage();
    storage.setItem('song-requests.session', '{"token":"t"}');
    saveStageQueue(storage, { musicianId: 'm1', requests: requestsOf(1), show }, NOW);
    forgetStageQueues(storage);
    expect([...storage.items.keys()]).toEqual(['song-requests.session']);
  });
});
