import { ApiError } from '#client/lib/api-fetch.ts';
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
