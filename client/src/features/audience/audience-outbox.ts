import { createOutbox, type Outbox, type OutboxOutcome } from '#client/lib/outbox.ts';
import type {
  AlreadyRequested,
  CreatedRequest,
  CreateRequestBody,
} from '#shared/schemas/request.ts';
import { postSubmission } from './audience-submit.ts';
import { useMyRequestsStore } from './my-requests-store.ts';

/** What a queued request carries for the page: where it was sent from, and which song. */
export interface RequestMeta {
  slug: string;
  song_title: string;
  song_artist: string;
}

let outbox: Outbox | null = null;

function isRequestMeta(meta: unknown): meta is RequestMeta {
  return typeof meta === 'object' && meta !== null && 'slug' in meta && 'song_title' in meta;
}

function showSending(box: Outbox) {
  const slug = useMyRequestsStore.getState().slug;
  const sending = box
    .pending('request')
    .filter((entry) => isRequestMeta(entry.meta) && entry.meta.slug === slug)
    .map((entry) => {
      const meta = entry.meta as RequestMeta;
      return { key: entry.key, song_title: meta.song_title, song_artist: meta.song_artist };
    });
  useMyRequestsStore.getState().setSending(sending);
}

/**
 * The page's one outbox, over localStorage, started on the first call: it sends what an
 * earlier visit left behind, and tries again whenever the phone is back online or awake.
 */
export function audienceOutbox(): Outbox {
  if (outbox) return outbox;
  const box = createOutbox({
    storage: localStorage,
    storageKey: 'song-requests:outbox',
    // A 429 (a limit reached) is final like every 4xx: shown in the form, never retried.
    send: (entry) => postSubmission(entry.path, entry.body, entry.key),
  });
  outbox = box;

  // A request filed, now or after a reload: follow its status with the token it answered. One
  // already asked for answers no token: the phone that first asked follows it already.
  box.onSettled((entry, outcome) => {
    if (entry.kind !== 'request' || !outcome.ok || !isRequestMeta(entry.meta)) return;
    const answer = outcome.response as CreatedRequest | AlreadyRequested;
    if ('already_requested' in answer) return;
    // Who asked, kept with it on this phone: a song offered instead is asked for the same way.
    const body = entry.body as CreateRequestBody;
    useMyRequestsStore.getState().filed(entry.meta.slug, answer, {
      name: body.requester_name,
      email: body.requester_email,
      dedication: body.dedication ?? '',
    });
  });
  box.onChange(() => showSending(box));
  useMyRequestsStore.subscribe((state, previous) => {
    if (state.slug !== previous.slug) showSending(box);
  });

  window.addEventListener('online', () => box.flush());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') box.flush();
  });
  showSending(box);
  box.flush();
  return box;
}

/** A tip failure is only logged (spec section 7): the money moved elsewhere anyway. */
export function logUnsent(what: string, outcome: OutboxOutcome): void {
  if (!outcome.ok) console.warn(`${what} was not recorded`, outcome.status);
}
