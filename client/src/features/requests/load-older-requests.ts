import { errorMessage } from '#client/lib/api-client.ts';
import { messages } from '#shared/messages.ts';
import { requestsApi } from './requests-api.ts';
import { useRequestsStore } from './requests-store.ts';

/**
 * Fetches the next page of older history into the store (the Requests tab's "load older").
 * Resolves to how many requests the page held, or to the sentence to show when it failed.
 */
export async function loadOlderRequests(
  musicianId: string,
): Promise<{ loaded: number } | { error: string }> {
  const store = useRequestsStore.getState();
  const before = store.olderCursor;
  if (!before || store.olderStatus === 'loading') return { loaded: 0 };
  store.setOlderStatus('loading');
  try {
    const page = await requestsApi.older(musicianId, before);
    // A reset (sign-out, another musician) meanwhile: this page belongs to no one now.
    if (useRequestsStore.getState().olderCursor !== before) return { loaded: 0 };
    useRequestsStore.getState().addOlder(page.requests, page.next_before ?? null);
    return { loaded: page.requests.length };
  } catch (error) {
    useRequestsStore.getState().setOlderStatus('error');
    return { error: errorMessage(error, messages.olderRequestsFailed) };
  }
}
