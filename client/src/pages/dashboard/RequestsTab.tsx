import { useMemo, useState } from 'react';
import { ToastRegion } from '#client/ui/ToastRegion.tsx';
import { AllRequests } from '#client/features/requests/AllRequests.tsx';
import { PendingMovesToasts } from '#client/features/requests/PendingMovesToasts.tsx';
import { QueueEmptyState } from '#client/features/qr-code/QueueEmptyState.tsx';
import { newestRequestsFirst } from '#client/features/requests/request-views.ts';
import { useQueueRequests } from '#client/features/requests/use-queue-requests.ts';
import { useRequestActions } from '#client/features/requests/use-request-actions.ts';
import { QueueCaughtUp } from '#client/features/shows/QueueCaughtUp.tsx';
import { showActions } from '#client/features/shows/show-actions.ts';
import { ShowControls } from '#client/features/shows/ShowControls.tsx';
import { ArchivedShows, ShowsList } from '#client/features/shows/ShowsList.tsx';
import { selectCurrentShow, useShowsStore } from '#client/features/shows/shows-store.ts';
import { SuggestionsSection } from '#client/features/suggestions/SuggestionsSection.tsx';

interface RequestsTabProps {
  slug: string;
}

/** Shows, every request (or the current show's), song suggestions and archived shows. */
export function RequestsTab({ slug }: RequestsTabProps) {
  const requests = useQueueRequests();
  const actions = useRequestActions();
  const notify = actions.showToast;
  const shows = useMemo(() => showActions(notify), [notify]);
  const current = useShowsStore(selectCurrentShow);
  const [suggestionsOpen, setSuggestionsOpen] = useState(false);

  const listed = useMemo(
    () =>
      newestRequestsFirst(
        current ? requests.filter((request) => request.show_id === current.id) : requests,
      ),
    [requests, current],
  );

  function openSuggestions() {
    setSuggestionsOpen(true);
    requestAnimationFrame(() =>
      document.getElementById('song-suggestions')?.scrollIntoView({ block: 'start' }),
    );
  }

  return (
    <div className="stack">
      <div className="requests-toolbar">
        <button type="button" className="button button-secondary" onClick={openSuggestions}>
          Song Suggestions
        </button>
        <ShowControls actions={shows} />
      </div>
      <ShowsList requests={requests} actions={shows} />
      <AllRequests
        title={current ? `Current Show: ${current.name}` : 'All Requests'}
        requests={listed}
        actions={actions}
        empty={<QueueCaughtUp requests={requests} firstRun={<QueueEmptyState slug={slug} />} />}
      />
      <SuggestionsSection open={suggestionsOpen} onToggle={setSuggestionsOpen} notify={notify} />
      <ArchivedShows actions={shows} />
      <PendingMovesToasts />
      <ToastRegion toast={actions.toast} />
    </div>
  );
}
