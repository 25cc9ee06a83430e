import { Link } from 'react-router';
import { fill } from '#shared/fill-message.ts';
import { messages } from '#shared/messages.ts';
import { ToastRegion } from '#client/ui/ToastRegion.tsx';
import { RequestWindowControl } from '#client/features/request-window/RequestWindowControl.tsx';
import { QueueEmptyState } from '#client/features/qr-code/QueueEmptyState.tsx';
import { PendingMovesToasts } from '#client/features/requests/PendingMovesToasts.tsx';
import { QueueColumns } from '#client/features/requests/QueueColumns.tsx';
import { QueueOrderSelect } from '#client/features/requests/QueueOrderSelect.tsx';
import { useQueueRequests } from '#client/features/requests/use-queue-requests.ts';
import { useRequestActions } from '#client/features/requests/use-request-actions.ts';
import { selectCurrentShow, useShowsStore } from '#client/features/shows/shows-store.ts';

interface OnStageTabProps {
  slug: string;
}

/** The dashboard's live view: Up Next, Live Requests and Completed side by side. */
export function OnStageTab({ slug }: OnStageTabProps) {
  const requests = useQueueRequests();
  const actions = useRequestActions();
  // Shows start on the Requests tab; this tab says which one new requests are filed under.
  const show = useShowsStore(selectCurrentShow);

  return (
    <div className="stack">
      <div className="tab-intro on-stage-intro">
        <p className="on-stage-show" role="status" aria-label="Show">
          {show ? fill(messages.onStageShowRunning, { name: show.name }) : messages.onStageNoShow}
        </p>
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
      <QueueColumns
        layout="board"
        requests={requests}
        actions={actions}
        empty={<QueueEmptyState slug={slug} />}
      />
      {/* Feedback and Undo above the board, in room kept for them: never over a request. */}
      <div className="queue-feedback queue-feedback-dock">
        <PendingMovesToasts />
        <ToastRegion toast={actions.toast} />
      </div>
    </div>
  );
}
