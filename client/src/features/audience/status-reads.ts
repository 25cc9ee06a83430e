import { ApiError } from '#client/lib/api-fetch.ts';
import type { RequestStatusView } from '#shared/schemas/audience.ts';
import { audienceApi } from './audience-api.ts';
import { useMyRequestsStore } from './my-requests-store.ts';

/**
 * Asks the server for these requests' statuses (with their place in line); the ones it no
 * longer knows are dropped.
 */
export async function fetchStatuses(tokens: string[]): Promise<void> {
  const gone: string[] = [];
  await Promise.all(
    tokens.map(async (token) => {
      try {
        useMyRequestsStore.getState().applyStatus(await audienceApi.requestStatus(token));
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) gone.push(token);
      }
    }),
  );
  if (gone.length > 0) useMyRequestsStore.getState().drop(gone);
}

/**
 * A push said a request was rejected: the songs to ask for instead come only with its status
 * read (pushes stay small), so it is read once.
 */
export function fetchInsteadOf(view: RequestStatusView): void {
  if (view.status !== 'rejected' || view.alternatives) return;
  const item = useMyRequestsStore.getState().tracked.find((tracked) => tracked.id === view.id);
  if (item && item.alternatives === undefined) void fetchStatuses([item.token]);
}

/**
 * A push said a request was played: the receipt (the name given with this phone's own request)
 * comes only with its status read, as the push goes to everyone following the request.
 */
export function fetchReceiptOf(view: RequestStatusView): void {
  if (view.status !== 'played' || view.played_at) return;
  const unread = useMyRequestsStore
    .getState()
    .tracked.filter((item) => item.id === view.id && !item.played_at)
    .map((item) => item.token);
  if (unread.length > 0) void fetchStatuses(unread);
}
