import type { RequestStatusView } from '#shared/schemas/audience.ts';
import { isOpenStatus } from '#shared/request-statuses.ts';

/** Who asked and for whom, as the form sent it: a song asked for instead goes the same way. */
export interface SentAs {
  name: string;
  /** Their email or phone. */
  email: string;
  dedication: string;
}

/**
 * The requester's own requests on this phone: the secret status token each POST answered, with
 * the last status seen, kept per page in localStorage so a reload still shows them.
 */
export interface TrackedRequest extends RequestStatusView {
  token: string;
  /** Kept on this phone only (like the name and email the form remembers); never sent back. */
  sent_as?: SentAs;
  /** One of its alternatives was asked for: they are not offered again. */
  instead_asked?: boolean;
}

const sameSongs = (a: RequestStatusView['alternatives'], b: RequestStatusView['alternatives']) =>
  a?.map((song) => song.id).join() === b?.map((song) => song.id).join();

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** A night's worth: older ones fall off the end. */
export const MAX_TRACKED = 20;

export const trackedKey = (slug: string) => `song-requests:my-requests:${slug}`;

export function loadTracked(storage: KeyValueStorage, slug: string): TrackedRequest[] {
  try {
    const stored: unknown = JSON.parse(storage.getItem(trackedKey(slug)) ?? '[]');
    if (!Array.isArray(stored)) return [];
    return (stored as TrackedRequest[]).filter(
      (item) => typeof item?.token === 'string' && typeof item.id === 'string',
    );
  } catch {
    return [];
  }
}

export function saveTracked(storage: KeyValueStorage, slug: string, list: TrackedRequest[]) {
  try {
    if (list.length === 0) storage.removeItem(trackedKey(slug));
    else storage.setItem(trackedKey(slug), JSON.stringify(list));
  } catch {
    // Refused storage (private mode): the list lives as long as the page.
  }
}

/** Newest first; a token already held is replaced, not repeated. */
export function addTracked(list: TrackedRequest[], item: TrackedRequest): TrackedRequest[] {
  return [item, ...list.filter((old) => old.token !== item.token)].slice(0, MAX_TRACKED);
}

/**
 * A status from the server, applied unless older than what is held. The same moment may bring
 * the place in line the filing's answer did not carry (issue 43: "#9 in line" at once).
 */
export function applyStatus(list: TrackedRequest[], view: RequestStatusView): TrackedRequest[] {
  let changed = false;
  const next = list.map((item) => {
    if (item.id !== view.id || item.updated_at > view.updated_at) return item;
    const samePlace = (item.queue_position ?? null) === (view.queue_position ?? null);
    const samePayment = (item.payment ?? null) === (view.payment ?? null);
    // Only the status read carries the wait (socket pushes do not): one without it keeps it.
    const sameWait = view.eta_minutes === undefined || view.eta_minutes === item.eta_minutes;
    // Only the status read carries the receipt, whole: its setlist link comes (or goes) alone.
    const receipt = view.played_at !== undefined;
    const sameReceipt =
      !receipt ||
      (view.played_at === item.played_at &&
        view.played_for === item.played_for &&
        view.recap_show_id === item.recap_show_id);
    // The same for the songs to ask for instead (a push says "rejected", the read what else).
    const sameInstead =
      view.alternatives === undefined || sameSongs(view.alternatives, item.alternatives);
    // Nor the server's push key (the offer under a waiting request needs it): the same rule.
    const sameKey =
      view.push_public_key === undefined || view.push_public_key === item.push_public_key;
    if (
      item.status === view.status &&
      item.updated_at === view.updated_at &&
      samePlace &&
      samePayment &&
      sameWait &&
      sameReceipt &&
      sameInstead &&
      sameKey
    ) {
      return item;
    }
    changed = true;
    const next = { ...item, ...view, token: item.token };
    // Undone back to the queue: the receipt is no longer true.
    if (view.status !== 'played') {
      delete next.played_at;
      delete next.played_for;
    }
    if (view.status !== 'played' || (receipt && view.recap_show_id === undefined)) {
      delete next.recap_show_id;
    }
    return next;
  });
  return changed ? next : list;
}

/** The songs still offered instead of a request: once rejected, until one is asked for. */
export function offeredInstead(item: TrackedRequest) {
  if (item.status !== 'rejected' || item.instead_asked) return [];
  return item.alternatives ?? [];
}

export function dropTracked(list: TrackedRequest[], tokens: readonly string[]): TrackedRequest[] {
  return list.filter((item) => !tokens.includes(item.token));
}

/** The musician renamed the page link: their requests move with it. */
export function moveTracked(storage: KeyValueStorage, from: string, to: string): void {
  if (from === to) return;
  const moved = loadTracked(storage, from);
  if (moved.length === 0) return;
  const merged = [...moved, ...loadTracked(storage, to)].slice(0, MAX_TRACKED);
  saveTracked(storage, to, merged);
  saveTracked(storage, from, []);
}

const RECAP_WAIT_MS = 24 * 60 * 60 * 1000;

/**
 * Played ones whose receipt is not whole yet: not read since played, or no setlist link (the
 * show may have ended since). Read again when the page comes back into view.
 */
export function receiptPending(item: TrackedRequest, now = Date.now()): boolean {
  if (item.status !== 'played') return false;
  if (!item.played_at) return true;
  // A show ends hours after a song at most: a day on, no link is coming.
  return !item.recap_show_id && now - Date.parse(item.played_at) < RECAP_WAIT_MS;
}

/** Played and rejected are final (no longer open): nothing more to follow. */
export const isFinal = (item: Pick<RequestStatusView, 'status'>) => !isOpenStatus(item.status);
