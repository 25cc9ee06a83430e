import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { Musician } from '#shared/schemas/musician.ts';
import { ToastRegion } from '#client/ui/ToastRegion.tsx';
import { RequestWindowControl } from '#client/features/request-window/RequestWindowControl.tsx';
import { QueueEmptyState } from '#client/features/qr-code/QueueEmptyState.tsx';
import { PendingMovesToasts } from '#client/features/requests/PendingMovesToasts.tsx';
import { QueueColumns } from '#client/features/requests/QueueColumns.tsx';
import { QueueOrderSelect } from '#client/features/requests/QueueOrderSelect.tsx';
import { useQueueRequests } from '#client/features/requests/use-queue-requests.ts';
import { useRequestActions } from '#client/features/requests/use-request-actions.ts';
import { QueueCaughtUp } from '#client/features/shows/QueueCaughtUp.tsx';
import { showActions } from '#client/features/shows/show-actions.ts';
import { ShowControls } from '#client/features/shows/ShowControls.tsx';
import { selectHadShowRequests, useShowsStore } from '#client/features/shows/shows-store.ts';
import type { DashboardTabId } from './dashboard-tabs.ts';
import { FirstRunChecklist } from './FirstRunChecklist.tsx';

interface OnStageTabProps {
  musician: Musician;
  onOpenTab(tab: DashboardTabId): void;
}

/** The dashboard's live view: the show, then Up Next, Live Requests and Completed side by side. */
export function OnStageTab({ musician, onOpenTab }: OnStageTabProps) {
  const requests = useQueueRequests();
  const actions = useRequestActions();
  const notify = actions.showToast;
  const shows = useMemo(() => showActions(notify), [notify]);
  const [startFormOpen, setStartFormOpen] = useState(false);
  const hadRequests = useShowsStore(selectHadShowRequests) || requests.length > 0;
  const slug = musician.slug;

  return (
    <div className="stack">
      <div className="tab-intro on-stage-intro">
        <ShowControls
          actions={shows}
          layout="header"
          formOpen={startFormOpen}
          onFormOpenChange={setStartFormOpen}
        />
        <RequestWindowControl onError={(message) => actions.showToast(message, 'error')} />
        {/* A new tab: the stage screen usually goes to another window or device, and the
            dashboard stays open beside it. */}
        <Link
          className="button button-secondary"
          to={`/on-stage/${slug}`}
          target="_blank"
          rel="noopener"
        >
          Open the On Stage screen
        </Link>
        <QueueOrderSelect onError={(message) => actions.showToast(message, 'error')} />
      </div>
      <FirstRunChecklist
        musician={musician}
        hadRequests={hadRequests}
        onOpenTab={onOpenTab}
        onStartShow={() => {
          setStartFormOpen(true);
          window.scrollTo({ top: 0 });
        }}
      />
      <QueueColumns
        layout="board"
        requests={requests}
        actions={actions}
        empty={<QueueCaughtUp requests={requests} firstRun={<QueueEmptyState slug={slug} />} />}
      />
      {/* Feedback and Undo above the board, in room kept for them: never over a request. */}
      <div className="queue-feedback queue-feedback-dock">
        <PendingMovesToasts />
        <ToastRegion toast={actions.toast} />
      </div>
    </div>
  );
}
