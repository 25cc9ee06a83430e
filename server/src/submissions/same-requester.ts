import type { Requester } from './requester.ts';

// Who a requester is, one definition: the blocklist's test (a request, a suggestion, the
// blocklist feature) and the +1's "the same person asking again" (features/requests) ask it.

/** A stored person: a blocklist entry, a request or a +1 (email as typed, '' for none). */
export interface StoredRequester {
  email: string;
  deviceId: string;
}

/** The same person: the same email (case aside), or the same phone, whichever is known. */
export function sameRequester(stored: StoredRequester, who: Requester): boolean {
  const email = who.email.toLowerCase();
  return (
    (email !== '' && stored.email.toLowerCase() === email) ||
    (who.deviceId !== '' && stored.deviceId === who.deviceId)
  );
}

/** Whether any of the musician's blocklist entries is this requester. */
export function requesterBlocked(entries: readonly StoredRequester[], who: Requester): boolean {
  return entries.some((entry) => sameRequester(entry, who));
}
