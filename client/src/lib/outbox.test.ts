import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOutbox, retryDelay, type OutboxEntry, type OutboxOptions } from './outbox.ts';

/** localStorage's contract over a Map: what a reload keeps. */
function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

const failure = (status: number) => Object.assign(new Error(`status ${status}`), { status });

/** A server that answers each call with the next scripted result (the last one repeats). */
function scriptedServer(script: (number | 'ok')[]) {
  const calls: { key: string; body: unknown }[] = [];
  const send = vi.fn((entry: OutboxEntry) => {
    calls.push({ key: entry.key, body: entry.body });
    const next = script[Math.min(calls.length - 1, script.length - 1)];
    return next === 'ok'
      ? Promise.resolve({ id: `answer-${calls.length}` })
      : Promise.reject(failure(next ?? 0));
  });
  return { send, calls };
}

type Storage = ReturnType<typeof memoryStorage>;

function outboxOver(storage: Storage, send: OutboxOptions['send']) {
  let n = 0;
  return createOutbox({ storage, storageKey: 'outbox', send, newKey: () => `key-${++n}` });
}

describe('the outbox', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends at once and answers what the server answered', async () => {
    const server = scriptedServer(['ok']);
    const outbox = outboxOver(memoryStorage(), server.send);
    const outcome = await outbox.submit('request', '/requests', { song_id: 's1' });
    expect(outcome).toEqual({ ok: true, response: { id: 'answer-1' } });
    expect(server.calls).toEqual([{ key: 'key-1', body: { song_id: 's1' } }]);
    expect(outbox.pending()).toEqual([]);
  });

  it('retries network errors and 5xx with the same key, backing off 1 s, 2 s, 4 s', async () => {
    const server = scriptedServer([0, 503, 500, 'ok']);
    const outbox = outboxOver(memoryStorage(), server.send);
    const settled = vi.fn();
    void outbox.submit('request', '/requests', { song_id: 's1' }).then(settled);

    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(server.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(server.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls).toHaveLength(3);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(4000);
    expect(server.calls).toHaveLength(4);
    expect(new Set(server.calls.map((call) => call.key))).toEqual(new Set(['key-1']));
    expect(settled).toHaveBeenCalledWith({ ok: true, response: { id: 'answer-4' } });
    expect(outbox.pending()).toEqual([]);
  });

  it('caps the backoff at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(retryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it('gives up on a 4xx at once: it is final, the person must change something', async () => {
    const server = scriptedServer([403]);
    const outbox = outboxOver(memoryStorage(), server.send);
    const outcome = await outbox.submit('request', '/requests', { song_id: 's1' });
    expect(outcome).toMatchObject({ ok: false, status: 403 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.calls).toHaveLength(1);
    expect(outbox.pending()).toEqual([]);
  });

  it('gives up on a 429 at once too: the limit sentence is shown, never retried forever', async () => {
    const server = scriptedServer([429]);
    const outbox = outboxOver(memoryStorage(), server.send);
    const outcome = await outbox.submit('request', '/requests', { song_id: 's1' });
    expect(outcome).toMatchObject({ ok: false, status: 429 });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(server.calls).toHaveLength(1);
    expect(outbox.pending()).toEqual([]);
    // Pressing again later is a new submission with a new key.
    await outbox.submit('request', '/requests', { song_id: 's1' });
    expect(server.calls.map((call) => call.key)).toEqual(['key-1', 'key-2']);
  });

  it('sends twenty presses of the same submission once', async () => {
    const server = scriptedServer([0, 'ok']);
    const outbox = outboxOver(memoryStorage(), server.send);
    const presses = Array.from({ length: 20 }, () =>
      outbox.submit('request', '/requests', { song_id: 's1', requester_name: 'Ana' }),
    );
    await vi.advanceTimersByTimeAsync(1000);
    const outcomes = await Promise.all(presses);
    expect(server.calls).toHaveLength(2);
    expect(server.calls[0]?.key).toBe(server.calls[1]?.key);
    expect(new Set(outcomes.map((outcome) => JSON.stringify(outcome))).size).toBe(1);
  });

  it('keeps two different submissions apart', async () => {
    const server = scriptedServer(['ok']);
    const outbox = outboxOver(memoryStorage(), server.send);
    await outbox.submit('request', '/requests', { song_id: 's1' });
    await outbox.submit('request', '/requests', { song_id: 's2' });
    // Asked again after the first landed: a new submission (the same song later in the night).
    await outbox.submit('request', '/requests', { song_id: 's1' });
    expect(server.calls.map((call) => call.key)).toEqual(['key-1', 'key-2', 'key-3']);
  });

  it('survives a reload: a fresh outbox over the same storage sends with the same key', async () => {
    const storage = memoryStorage();
    const offline = scriptedServer([0]);
    const before = outboxOver(storage, offline.send);
    void before.submit('suggestion', '/song-suggestions', { t: 1 }, { slug: 'band' });
    await vi.advanceTimersByTimeAsync(0);
    before.stop(); // the page is closed

    vi.resetModules();
    const { createOutbox: createAgain } = await import('./outbox.ts');
    const online = scriptedServer(['ok']);
    const after = createAgain({ storage, storageKey: 'outbox', send: online.send });
    expect(after.pending().map((entry) => entry.meta)).toEqual([{ slug: 'band' }]);
    const settled = vi.fn();
    after.onSettled(settled);
    after.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(online.calls).toEqual([{ key: offline.calls[0]?.key, body: { t: 1 } }]);
    expect(settled).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'suggestion', meta: { slug: 'band' } }),
      { ok: true, response: { id: 'answer-1' } },
    );
    expect(after.pending()).toEqual([]);
    expect(createAgain({ storage, storageKey: 'outbox', send: online.send }).pending()).toEqual([]);
  });

  it('flush sends a waiting entry now instead of at its backoff time', async () => {
    const server = scriptedServer([0, 0, 0, 'ok']);
    const outbox = outboxOver(memoryStorage(), server.send);
    void outbox.submit('tip', '/tips', { amount: 5 });
    await vi.advanceTimersByTimeAsync(3000);
    expect(server.calls).toHaveLength(3); // the next retry is 4 s away
    outbox.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls).toHaveLength(4);
    expect(outbox.pending()).toEqual([]);
  });

  it('drops entries older than a day when loading', () => {
    const storage = memoryStorage();
    const old = { key: 'old', kind: 'tip', path: '/tips', body: {}, meta: null, attempts: 3 };
    storage.setItem(
      'outbox',
      JSON.stringify([
        { ...old, nextAttemptAt: 0, createdAt: Date.now() - 25 * 3600_000 },
        { ...old, key: 'recent', nextAttemptAt: 0, createdAt: Date.now() - 3600_000 },
      ]),
    );
    const outbox = outboxOver(storage, scriptedServer(['ok']).send);
    expect(outbox.pending().map((entry) => entry.key)).toEqual(['recent']);
  });

  it('reads unreadable storage as empty', () => {
    const storage = memoryStorage();
    storage.setItem('outbox', '{not json');
    expect(outboxOver(storage, scriptedServer(['ok']).send).pending()).toEqual([]);
  });
});
