import { useMemo, useState } from 'react';
import { ToastRegion } from '#client/ui/ToastRegion.tsx';
import { AllRequests } from '../requests/AllRequests.tsx';
import { PendingMovesToasts } from '../requests/PendingMovesToasts.tsx';
import { QueueEmptyState } from '../requests/QueueEmptyState.tsx';
import { newestRequestsFirst } from '../requests/request-views.ts';
import { useQueueRequests } from '../requests/use-queue-requests.ts';
import { useRequestActions } from '../requests/use-request-actions.ts';
import { showActions } from '../shows/show-actions.ts';
import { ShowControls } from '../shows/ShowControls.tsx';
import { ArchivedShows, ShowsList } from '../shows/ShowsList.tsx';
import { selectCurrentShow, useShowsStore } from '../shows/shows-store.ts';
import { SuggestionsSection } from '../suggestions/SuggestionsSection.tsx';

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
        empty={<QueueEmptyState slug={slug} />}
      />
      <SuggestionsSection open={suggestionsOpen} onToggle={setSuggestionsOpen} notify={notify} />
      <ArchivedShows actions={shows} />
      <PendingMovesToasts />
      <ToastRegion toast={actions.toast} />
    </div>
  );
}
