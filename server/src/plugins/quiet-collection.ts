import type { Server } from 'node:http';
import { getHeapSpaceStatistics } from 'node:v8';
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
 * So: once nothing has reached the server for `quietMs`, and the old generation has grown by
 * `growthBytes` since the last major collection (V8's or this one's), collect now. The collection stops the
 * server for 25-38 ms; after half a second of quiet a request seldom comes in meanwhile, and one
 * that does waits no longer than for the collection the rush would have met. A busy server is
 * never quiet, and V8 collects as it always did. Needs Node's `--expose-gc` (the start commands
 * pass it); without it, nothing happens.
 */
export interface QuietCollectionOptions {
  /** How long nothing must have arrived. */
  quietMs?: number;
  /** How much the old generation must have grown since the last major collection. */
  growthBytes?: number;
  /** How often to look. */
  checkEveryMs?: number;
  /** A full collection; null for none. */
  collect?: (() => void) | null;
  /** Bytes the old generation holds. */
  oldGenerationUsed?: () => number;
  now?: () => number;
}

const QUIET_MS = 500;
const GROWTH_BYTES = 4 * 1024 * 1024;
const CHECK_EVERY_MS = 250;

/**
 * Every space but the young generation's: what a major collection frees. The young generation
 * churns by megabytes between scavenges, which is no reason to collect.
 */
function oldGenerationUsed(): number {
  let used = 0;
  for (const space of getHeapSpaceStatistics()) {
    if (!space.space_name.startsWith('new_')) used += space.space_used_size;
  }
  return used;
}

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
    oldGenerationUsed: oldUsed = oldGenerationUsed,
    now = () => performance.now(),
  } = options;
  let collections = 0;
  if (!collect) return { collections: () => collections, stop: () => {} };

  let lastArrival = now();
  // The old generation only grows between major collections: its smallest size seen since this
  // one's last is what V8's own last left.
  let afterLastMajor = oldUsed();
  const arrived = () => void (lastArrival = now());
  server.on('request', arrived);
  server.on('upgrade', arrived);

  const timer = setInterval(() => {
    const used = oldUsed();
    afterLastMajor = Math.min(afterLastMajor, used);
    if (now() - lastArrival < quietMs || used - afterLastMajor < growthBytes) return;
    collect();
    collections++;
    afterLastMajor = oldUsed();
  }, checkEveryMs).unref();

  return {
    collections: () => collections,
    stop: () => {
      clearInterval(timer);
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
