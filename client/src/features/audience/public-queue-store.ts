import { createPageStore } from '#client/lib/store-reset.ts';
import { ApiError } from '#client/lib/api-fetch.ts';
import type { PageChange } from '#shared/realtime.ts';
import type { PublicQueueEntry } from '#shared/schemas/public-queue.ts';
import { useAudienceStore } from './audience-store.ts';
import { publicQueueApi } from './public-queue-api.ts';
import { rememberRequester, type Requester } from './requester-memory.ts';
import { recallVotes, rememberVote } from './voted-requests.ts';

interface PublicQueueState {
  slug: string;
  requests: PublicQueueEntry[];
  status: 'idle' | 'loading' | 'ready' | 'failed';
  /** Ids this phone gave a +1 (remembered on the device). */
  voted: string[];
  /** The id of a +1 on its way; the last refusal's sentence, and the request it was for. */
  voting: string | null;
  voteError: string | null;
  refusedId: string | null;
  /** Reads the queue (again), for the page of `slug`; `version`: the push that asks for it. */
  load(slug: string, version?: string): Promise<void>;
  /** +1 on a request as `requester` (remembered for the next request or +1). */
  vote(requestId: string, requester: Requester): Promise<boolean>;
  /** A push of the page room: the queue changed, read it again if it is shown. */
  applyPageChange(change: PageChange): void;
}

let reading: Promise<void> | null = null;
let readAgain = false;
/** The push the next read answers, if a push asked for it (the latest one's, when several did). */
let pushVersion: string | undefined;
/**
 * A push reaches every phone of the room at once: each reads the queue again after its own
 * short random wait, so a full venue does not ask in the same millisecond.
 */
const PUSH_SPREAD_MS = 800;
let pushTimer: ReturnType<typeof setTimeout> | null = null;
/** The version the waiting read names: the latest push's, none once an unversioned one came. */
let timerVersion: string | undefined;

/** The Queue view's store: the public queue of the page's musician, and this phone's votes. */
export const usePublicQueueStore = createPageStore<PublicQueueState>((set, get) => ({
  slug: '',
  requests: [],
  status: 'idle',
  voted: recallVotes(),
  voting: null,
  voteError: null,
  refusedId: null,

  async load(slug, version) {
    if (slug !== get().slug) set({ slug, requests: [], status: 'loading' });
    // A read asked for by no push (the view opening, a +1) must be fresh: it goes unversioned.
    pushVersion = version;
    if (reading) {
      readAgain = true;
      return reading;
    }
    reading = (async () => {
      do {
        readAgain = false;
        const asked = get().slug;
        const askedVersion = pushVersion;
        try {
          const { requests } = await publicQueueApi.queue(asked, askedVersion);
          if (get().slug === asked) set({ requests, status: 'ready' });
        } catch {
          if (get().slug === asked && get().status !== 'ready') set({ status: 'failed' });
        }
      } while (readAgain);
    })().finally(() => {
      reading = null;
    });
    return reading;
  },

  async vote(requestId, requester) {
    set({ voting: requestId, voteError: null, refusedId: null });
    try {
      const answer = await publicQueueApi.vote(
        requestId,
        { requester_name: requester.name, requester_email: requester.email },
        useAudienceStore.getState().musician?.id,
      );
      rememberRequester(requester);
      set((state) => ({
        voted: rememberVote(answer.id),
        requests: state.requests.map((r) =>
          r.id === answer.id ? { ...r, votes: answer.votes } : r,
        ),
      }));
      return true;
    } catch (error) {
      const detail = error instanceof ApiError ? error.detail : undefined;
      set({ voteError: detail ?? null, refusedId: requestId });
      return false;
    } finally {
      set({ voting: null });
      void get().load(get().slug);
    }
  },

  applyPageChange(change) {
    const { slug, status } = get();
    if (status === 'idle' || !slug) return;
    if (change.kind !== 'queue' && change.kind !== 'profile') return;
    // A profile change (the queue hidden, the slug renamed) has no version: its read is fresh,
    // and so is that of any queue push arriving before the read leaves.
    const version = change.kind === 'queue' ? change.version : undefined;
    if (pushTimer) {
      if (timerVersion !== undefined) timerVersion = version;
      return;
    }
    timerVersion = version;
    pushTimer = setTimeout(() => {
      pushTimer = null;
      void get().load(get().slug, timerVersion);
    }, Math.random() * PUSH_SPREAD_MS);
  },
}));
