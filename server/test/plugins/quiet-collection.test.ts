/**
 * The server collects garbage once it goes quiet, if its old generation has grown, and never while
 * requests keep arriving. The clock and the heap's size are the test's; the server is a real
 * http.Server (its events emitted as Node emits them) and, in the last test, the collection is
 * V8's own.
 */
import { createServer, type Server } from 'node:http';
import { getHeapStatistics } from 'node:v8';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { collectWhenQuiet } from '#server/plugins/quiet-collection.ts';
import { collectGarbage, collectYoungGarbage } from '#server-test/helpers/collect-garbage.ts';

const MB = 1024 * 1024;
const QUIET_MS = 500;
const GROWTH = 4 * MB;
const CHECK_MS = 100;

let server: Server;
let clock: number;
let heap: number;
let collected: number;
let watching: ReturnType<typeof collectWhenQuiet>;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  server = createServer();
  clock = 0;
  heap = 30 * MB;
  collected = 0;
  watching = collectWhenQuiet(server, {
    quietMs: QUIET_MS,
    growthBytes: GROWTH,
    checkEveryMs: CHECK_MS,
    collect: () => {
      collected++;
      heap = 28 * MB;
    },
    oldGenerationUsed: () => heap,
    now: () => clock,
  });
});

afterEach(() => {
  watching.stop();
  vi.useRealTimers();
});

/** `ms` of the server's life, a request arriving every `requestEveryMs` (none if undefined). */
function live(ms: number, requestEveryMs?: number) {
  for (let t = 0; t < ms; t += CHECK_MS) {
    if (requestEveryMs !== undefined && t % requestEveryMs === 0) server.emit('request');
    clock += CHECK_MS;
    vi.advanceTimersByTime(CHECK_MS);
  }
}

describe('collecting when quiet', () => {
  it('collects once the server is quiet and its heap has grown, then waits for more growth', () => {
    heap += GROWTH;
    live(QUIET_MS - CHECK_MS);
    expect(collected).toBe(0);
    live(CHECK_MS * 2);
    expect(collected).toBe(1);
    expect(watching.collections()).toBe(1);

    // Quiet for a minute more, the heap as the collection left it: nothing to collect.
    live(60_000);
    expect(collected).toBe(1);
  });

  it('never collects while requests keep arriving, however much the heap grows', () => {
    heap += 10 * GROWTH;
    live(60_000, 400);
    expect(collected).toBe(0);
    // The rush ends: the next quiet moment collects.
    live(QUIET_MS + CHECK_MS);
    expect(collected).toBe(1);
  });

  it('counts a WebSocket upgrade as an arrival, as a device connecting', () => {
    heap += GROWTH;
    for (let i = 0; i < 20; i++) {
      server.emit('upgrade');
      live(CHECK_MS * 2);
    }
    expect(collected).toBe(0);
  });

  it('leaves a heap that has hardly grown alone', () => {
    heap += GROWTH - 1;
    live(60_000);
    expect(collected).toBe(0);
  });

  it('stops watching the server when stopped', () => {
    watching.stop();
    expect(server.listenerCount('request')).toBe(0);
    expect(server.listenerCount('upgrade')).toBe(0);
    heap += GROWTH;
    live(60_000);
    expect(collected).toBe(0);
  });

  it('does nothing without a way to collect (a process started without --expose-gc)', () => {
    const other = createServer();
    const idle = collectWhenQuiet(other, { collect: null });
    expect(other.listenerCount('request')).toBe(0);
    idle.stop();
  });
});

describe("with V8's own collection", () => {
  it('gives back what the rush left behind', () => {
    watching.stop();
    collectGarbage();
    const real = collectWhenQuiet(server, {
      quietMs: QUIET_MS,
      growthBytes: GROWTH,
      checkEveryMs: CHECK_MS,
      collect: collectGarbage,
      now: () => clock,
    });
    try {
      // What a rush leaves: 16 MB that lived long enough to reach the old generation (two
      // scavenges, made here rather than left to the young generation's size in this worker).
      const kept: number[][] = Array.from({ length: 2000 }, (_, i) =>
        new Array<number>(1024).fill(i),
      );
      collectYoungGarbage();
      collectYoungGarbage();
      const before = getHeapStatistics().used_heap_size;
      kept.length = 0; // the rush is over: all of it is garbage
      live(QUIET_MS + CHECK_MS * 2);
      expect(real.collections()).toBe(1);
      expect(getHeapStatistics().used_heap_size).toBeLessThan(before - GROWTH);
    } finally {
      real.stop();
    }
  });
});
