/**
 * A short memory of deleted requests, so a device that polls with a `since` cursor learns which
 * requests it holds are gone (the socket has request:deleted; a poll has only this).
 *
 * Why memory and not a table: a deleted row leaves nothing to query, and a tombstone table needs a
 * migration for what is, in practice, a few ids a minute. Polls come every 3 to 5 seconds, so
 * remembering deletions for TOMBSTONE_TTL_MS covers every live device. A cursor older than what
 * this memory covers (a device asleep for longer, or a server process started after the cursor
 * was issued) cannot be answered as a delta: the server answers the whole working set instead
 * and the device replaces its list (`complete: true`), which is always correct. With several
 * server processes the realtime plugin copies each deletion to the others (Redis adapter).
 */
export const TOMBSTONE_TTL_MS = 15 * 60_000;

interface Tombstone {
  id: string;
  at: number;
}

export interface DeletedRequests {
  remember(musicianId: string, requestId: string, at?: number): void;
  /**
   * Ids deleted at or after `sinceMs - marginMs` (server clock; the margin allows for the clocks
   * of other processes), or undefined when this memory does not reach back to `sinceMs`: the
   * caller must then answer a complete list.
   */
  since(musicianId: string, sinceMs: number, marginMs?: number): string[] | undefined;
}

export function deletedRequests(now: () => number = Date.now): DeletedRequests {
  const startedAt = now();
  const byMusician = new Map<string, Tombstone[]>();

  function prune(musicianId: string): Tombstone[] {
    const horizon = now() - TOMBSTONE_TTL_MS;
    const kept = (byMusician.get(musicianId) ?? []).filter((t) => t.at >= horizon);
    if (kept.length === 0) byMusician.delete(musicianId);
    else byMusician.set(musicianId, kept);
    return kept;
  }

  return {
    remember(musicianId, requestId, at = now()) {
      const kept = prune(musicianId);
      kept.push({ id: requestId, at });
      byMusician.set(musicianId, kept);
    },

    since(musicianId, sinceMs, marginMs = 0) {
      const covered = Math.max(startedAt, now() - TOMBSTONE_TTL_MS + marginMs);
      if (sinceMs < covered) return undefined;
      return prune(musicianId)
        .filter((t) => t.at >= sinceMs - marginMs)
        .map((t) => t.id);
    },
  };
}
