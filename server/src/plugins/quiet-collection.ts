import type { Server } from 'node:http';
import { PerformanceObserver, constants as perfConstants } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Garbage collected while the room is quiet, not in the first moments of the next rush.
 *
 * V8 collects its old generation when that has grown past a limit, whenever the growth happens to
 * end: a musician's sign-up and import, or the devices of a venue connecting, fill most of it, and
 * the first requests after the pause tip it over. Traced on two processes at 200 requests a second
 * (`--trace-gc`), each began the run with a mark-compact (52 to 30 MB and 38 to 28 MB), 9-16 ms
 * with the main thread stopped and 50-60 ms of marking on the other core, while PostgreSQL met its
 * first requests and the code of the request path was still cold: the first quarter second's
 * median was 8-24 ms (5 runs) where the rest ran at 3-4 ms, and 5-8 ms in four runs of five once
 * each process collected when it went quiet instead (docs/benchmarks.md).
 *
 * So: once nothing has reached the server for `quietMs`, and the heap has grown by `growthBytes`
 * since the last major collection (V8's or this one's), collect now. The collection stops the
 * server for 25-38 ms; after half a second of quiet a request seldom comes in meanwhile, and one
 * that does waits no longer than for the collection the rush would have met. A busy server is
 * never quiet, and V8 collects as it always did. Needs Node's `--expose-gc` (the start commands
 * pass it); without it, nothing happens.
 */
export interface QuietCollectionOptions {
  /** How long nothing must have arrived. */
  quietMs?: number;
  /** How much the heap must have grown since the last major collection. */
  growthBytes?: number;
  /** How often to look. */
  checkEveryMs?: number;
  /** A full collection; null for none. */
  collect?: (() => void) | null;
  heapUsed?: () => number;
  now?: () => number;
}

export const QUIET_MS = 500;
export const GROWTH_BYTES = 4 * 1024 * 1024;
const CHECK_EVERY_MS = 250;

/** What a `--expose-gc` process has on globalThis: a full, blocking collection. */
const exposedGc = (globalThis as { gc?: () => void }).gc ?? null;

/**
 * Watches `server` for requests and upgrades; returns the collections made so far and a stop.
 * Exported for its test: the server uses the plugin below.
 */
export function collectWhenQuiet(server: Server, options: QuietCollectionOptions = {}) {
  const {
    quietMs = QUIET_MS,
    growthBytes = GROWTH_BYTES,
    checkEveryMs = CHECK_EVERY_MS,
    collect = exposedGc,
    heapUsed = () => getHeapStatistics().used_heap_size,
    now = () => performance.now(),
  } = options;
  let collections = 0;
  if (!collect) return { collections: () => collections, stop: () => {} };

  let lastArrival = now();
  let afterLastMajor = heapUsed();
  const arrived = () => void (lastArrival = now());
  server.on('request', arrived);
  server.on('upgrade', arrived);
  // V8's own major collections reset the growth as well: the heap is as small as it gets.
  const majors = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as { detail?: { kind?: number } }).detail?.kind;
      if (kind === perfConstants.NODE_PERFORMANCE_GC_MAJOR) afterLastMajor = heapUsed();
    }
  });
  majors.observe({ entryTypes: ['gc'] });

  const timer = setInterval(() => {
    if (now() - lastArrival < quietMs || heapUsed() - afterLastMajor < growthBytes) return;
    collect();
    collections++;
    afterLastMajor = heapUsed();
  }, checkEveryMs).unref();

  return {
    collections: () => collections,
    stop: () => {
      clearInterval(timer);
      majors.disconnect();
      server.off('request', arrived);
      server.off('upgrade', arrived);
    },
  };
}

export const quietCollectionPlugin = fp(
  async (app: FastifyInstance, options: QuietCollectionOptions) => {
    const watching = collectWhenQuiet(app.server, options);
    app.addHook('onClose', async () => watching.stop());
  },
  { name: 'quiet-collection' },
);
