import type { RequestStatus, SongRequest } from '#shared/schemas/request.ts';

const time = (iso: string) => Date.parse(iso) || 0;
const oldestFirst = (a: SongRequest, b: SongRequest) => time(a.created_at) - time(b.created_at);
const newestFirst = (a: SongRequest, b: SongRequest) => time(b.created_at) - time(a.created_at);

/**
 * The server's order of a column (queue_position, 1 = first); a request without one (a demo,
 * or a copy from before positions existed) after those with one, oldest first.
 */
const byQueuePosition = (a: SongRequest, b: SongRequest) =>
  (a.queue_position ?? Infinity) - (b.queue_position ?? Infinity) || oldestFirst(a, b);

const withStatus = (list: readonly SongRequest[], statuses: readonly RequestStatus[]) =>
  list.filter((request) => statuses.includes(request.status));

/** Up Next, in the order songs were sent there and the musician moved them. */
export function upNextRequests(list: readonly SongRequest[]): SongRequest[] {
  return withStatus(list, ['up_next']).sort(byQueuePosition);
}

/** Live / Active Requests: pending and accepted, in the musician's queue order (oldest first by default). */
export function activeRequests(list: readonly SongRequest[]): SongRequest[] {
  return withStatus(list, ['pending', 'accepted']).sort(byQueuePosition);
}

/** Where "Move to top" and "Move to bottom" put a request: the after_id of PUT /position. */
export function afterIdFor(
  column: readonly SongRequest[],
  id: string,
  to: 'top' | 'bottom',
): string | null {
  if (to === 'top') return null;
  const others = column.filter((request) => request.id !== id);
  return others.at(-1)?.id ?? null;
}

/** Completed: played and rejected, most recently updated first. */
export function completedRequests(list: readonly SongRequest[]): SongRequest[] {
  return withStatus(list, ['played', 'rejected']).sort(
    (a, b) => time(b.updated_at) - time(a.updated_at),
  );
}

/** The Requests tab's lists: newest first. */
export function newestRequestsFirst(list: readonly SongRequest[]): SongRequest[] {
  return [...list].sort(newestFirst);
}

export function requestsOfShow(list: readonly SongRequest[], showId: string): SongRequest[] {
  return newestRequestsFirst(list.filter((request) => request.show_id === showId));
}

/** "$5" or "$2.50"; nothing for no tip. */
/** What was said to be tipped and has not arrived (yet), in whole cents. */
export function claimedOnly(claimed: number, received: number): number {
  return Math.max(0, Math.round(claimed * 100) - Math.round(received * 100)) / 100;
}

export function tipLabel(amount: number): string | null {
  if (!(amount > 0)) return null;
  return Number.isInteger(amount) ? `$${amount}` : `$${amount.toFixed(2)}`;
}
