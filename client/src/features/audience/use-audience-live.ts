import { useEffect } from 'react';
import { startAudienceLive, type AudienceLive } from './audience-live.ts';
import { useAudienceStore } from './audience-store.ts';
import { isFinal, receiptPending, type TrackedRequest } from './my-requests.ts';
import { useMyRequestsStore } from './my-requests-store.ts';
import { usePublicQueueStore } from './public-queue-store.ts';
import { fetchInsteadOf, fetchReceiptOf, fetchStatuses } from './status-reads.ts';

const openTokens = () =>
  useMyRequestsStore
    .getState()
    .tracked.filter((item) => !isFinal(item))
    .map((item) => item.token);

const tokensWhere = (keep: (item: TrackedRequest) => boolean) =>
  useMyRequestsStore
    .getState()
    .tracked.filter(keep)
    .map((item) => item.token);

/**
 * The page follows the musician's changes and the requester's statuses live. Started after the
 * first paint, so the socket client never delays the page.
 */
export function useAudienceLive(): void {
  useEffect(() => {
    // What happened while the page was closed, and requests the musician deleted since.
    void fetchStatuses(useMyRequestsStore.getState().tracked.map((item) => item.token));

    let live: AudienceLive | null = null;
    let stopped = false;
    const start = () => {
      if (stopped) return;
      live = startAudienceLive({
        slug: () => useAudienceStore.getState().slug,
        tokens: openTokens,
        onPageChange: (change) => {
          useAudienceStore.getState().applyPageChange(change);
          // The Queue view (issue 22 §6) reads its queue again, when it is shown.
          usePublicQueueStore.getState().applyPageChange(change);
        },
        onStatus: (status) => {
          useMyRequestsStore.getState().applyStatus(status);
          fetchInsteadOf(status);
          fetchReceiptOf(status);
        },
        pollStatuses: () => fetchStatuses(openTokens()),
        onFollowing: (again) => {
          usePublicQueueStore.getState().applyPageChange({ kind: 'queue' });
          // Going live for the first time: what changed between the page's first load and now
          // came before the page followed, so no push told it. The profile (requests or tips
          // turned off) and the songs (a 304 of a few bytes when they did not change).
          if (!again) {
            void useAudienceStore.getState().refreshProfile();
            void useAudienceStore.getState().reloadSongs();
            return;
          }
          void useAudienceStore.getState().refresh();
          void fetchStatuses(openTokens());
        },
      });
    };
    const frame = requestAnimationFrame(() => setTimeout(start, 0));

    // Out of the pocket after the show: the setlist link may be there now.
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      const pending = tokensWhere((item) => receiptPending(item));
      if (pending.length > 0) void fetchStatuses(pending);
    };
    document.addEventListener('visibilitychange', onVisible);

    const stopTokens = useMyRequestsStore.subscribe((state, previous) => {
      const known = new Set(previous.tracked.map((item) => item.token));
      if (state.tracked.some((item) => !known.has(item.token))) live?.refollow();
    });
    const stopSlug = useAudienceStore.subscribe((state, previous) => {
      if (state.slug === previous.slug) return;
      useMyRequestsStore.getState().moveTo(state.slug);
      live?.refollow();
    });

    return () => {
      stopped = true;
      cancelAnimationFrame(frame);
      document.removeEventListener('visibilitychange', onVisible);
      stopTokens();
      stopSlug();
      live?.stop();
    };
  }, []);
}
