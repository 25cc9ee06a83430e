import type { RequestStatus, SongRequest } from '#shared/schemas/request.ts';

const time = (iso: string) => Date.parse(iso) || 0;
const oldestFirst = (a: SongRequest, b: SongRequest) => time(a.created_at) - time(b.created_at);
const newestFirst = (a: SongRequest, b: SongRequest) => time(b.created_at) - time(a.created_at);

const withStatus = (list: readonly SongRequest[], statuses: readonly RequestStatus[]) =>
  list.filter((request) => statuses.includes(request.status));

/** Up Next, oldest first (spec section 4). */
export function upNextRequests(list: readonly SongRequest[]): SongRequest[] {
  return withStatus(list, ['up_next']).sort(oldestFirst);
}

/** Live / Active Requests: pending and accepted, oldest first. */
export function activeRequests(list: readonly SongRequest[]): SongRequest[] {
  return withStatus(list, ['pending', 'accepted']).sort(oldestFirst);
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
export function tipLabel(amount: number): string | null {
  if (!(amount > 0)) return null;
  return Number.isInteger(amount) ? `$${amount}` : `$${amount.toFixed(2)}`;
}
