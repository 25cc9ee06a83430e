import type { CrowdAnswer } from '#server/http/crowd-answer.ts';
import { crowdCache, type CrowdCacheAges } from '#server/http/crowd-cache.ts';

/**
 * The Queue view of every phone on a page refetches the public queue on each `queue` push (in
 * docs/scaling.md, the largest load of a busy night). Only the phones naming a push's version
 * share a read: it began after the push left, so after the change. A phone naming none (opening
 * the view, or after its own +1) is read fresh, so it never sees a queue older than its own
 * action. The view refetches within PUSH_SPREAD_MS (0.8 s) of a push; the rest of the window is
 * for a crowd that is slow to ask.
 */
export const PUBLIC_QUEUE_AGES: CrowdCacheAges = { maxAgeMs: 0, versionedMaxAgeMs: 5000 };

/** The public queues this process read for a push's crowd, serialized and tagged. */
export const publicQueueCache = (clock?: () => number) =>
  crowdCache<CrowdAnswer>(PUBLIC_QUEUE_AGES, clock);
