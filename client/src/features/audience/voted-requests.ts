/**
 * The requests this phone gave a +1, remembered on the device so the Queue view shows "Voted"
 * after a reload. The server counts one vote per person anyway; this only spares a useless tap.
 */
const KEY = 'song-requests:voted';
/** Old ids go first: a phone at gig after gig never fills its storage. */
const MAX_REMEMBERED = 200;

/** The browser's storage, read inside a try: a browser blocking storage throws on the access. */
const deviceStorage = () => localStorage;

export function recallVotes(storage?: Pick<Storage, 'getItem'>): string[] {
  try {
    const stored = JSON.parse((storage ?? deviceStorage()).getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberVote(
  requestId: string,
  storage?: Pick<Storage, 'getItem' | 'setItem'>,
): string[] {
  const votes = [...recallVotes(storage).filter((id) => id !== requestId), requestId].slice(
    -MAX_REMEMBERED,
  );
  try {
    (storage ?? deviceStorage()).setItem(KEY, JSON.stringify(votes));
  } catch {
    // Refused storage: remembered for as long as the page lives.
  }
  return votes;
}
