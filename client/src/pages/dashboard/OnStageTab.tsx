import { useMemo } from 'react';
import { Link } from 'react-router';
import { fill } from '#shared/fill-message.ts';
import { COMPLETED_SHOWN } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import {
  REQUEST_MOVE_LABELS,
  REQUEST_STATUS_LABELS,
  type RequestMove,
} from '#shared/request-status-labels.ts';
import type { SongRequest } from '#shared/schemas/request.ts';
import { ToastRegion } from '#client/ui/ToastRegion.tsx';
import { RequestCard } from '#client/features/requests/RequestCard.tsx';
import {
  activeRequests,
  completedRequests,
  upNextRequests,
} from '#client/features/requests/request-views.ts';
import { PendingMovesToasts } from '#client/features/requests/PendingMovesToasts.tsx';
import { QueueEmptyState } from '#client/features/qr-code/QueueEmptyState.tsx';
import { useQueueRequests } from '#client/features/requests/use-queue-requests.ts';
import {
  useRequestActions,
  type RequestActions,
} from '#client/features/requests/use-request-actions.ts';
import { selectCurrentShow, useShowsStore } from '#client/features/shows/shows-store.ts';

interface OnStageTabProps {
  slug: string;
}

/** The dashboard's live view: Up Next, Live Requests and Completed side by side. */
export function OnStageTab({ slug }: OnStageTabProps) {
  const requests = useQueueRequests();
  const actions = useRequestActions();
  const upNext = useMemo(() => upNextRequests(requests), [requests]);
  const live = useMemo(() => activeRequests(requests), [requests]);
  const completed = useMemo(() => completedRequests(requests), [requests]);
  // Shows start on the Requests tab; this tab says which one new requests are filed under.
  const show = useShowsStore(selectCurrentShow);

  return (
    <div className="stack">
      <div className="tab-intro on-stage-intro">
        <p className="on-stage-show" role="status" aria-label="Show">
          {show ? fill(messages.onStageShowRunning, { name: show.name }) : messages.onStageNoShow}
        </p>
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
      </div>
      <div className="board">
        {upNext.length > 0 && (
          <section className="board-column" aria-labelledby="board-up-next">
            <h3 id="board-up-next">
              {REQUEST_STATUS_LABELS.up_next} ({upNext.length})
            </h3>
            <RequestColumn requests={upNext} actions={actions} moves={['played', 'rejected']} />
          </section>
        )}
        <section className="board-column" aria-labelledby="board-live">
          <h3 id="board-live">Live Requests ({live.length})</h3>
          {live.length === 0 && upNext.length === 0 ? (
            <QueueEmptyState slug={slug} />
          ) : live.length === 0 ? (
            <p className="muted">No requests waiting right now.</p>
          ) : null}
          <RequestColumn
            requests={live}
            actions={actions}
            moves={['up_next', 'played', 'rejected']}
          />
        </section>
        <details className="board-column" open>
          <summary>
            <h3>Completed ({completed.length})</h3>
          </summary>
          <ol className="request-list">
            {completed.slice(0, COMPLETED_SHOWN).map((request) => (
              <li key={request.id}>
                <RequestCard
                  request={request}
                  flag={
                    request.status === 'played'
                      ? { text: REQUEST_STATUS_LABELS.played, tone: 'done' }
                      : { text: REQUEST_STATUS_LABELS.rejected, tone: 'rejected' }
                  }
                />
              </li>
            ))}
          </ol>
        </details>
      </div>
      <PendingMovesToasts />
      <ToastRegion toast={actions.toast} />
    </div>
  );
}

interface RequestColumnProps {
  requests: readonly SongRequest[];
  actions: RequestActions;
  moves: readonly RequestMove[];
}

/** One word per move on every screen (shared/src/request-status-labels.ts). */
function RequestColumn({ requests, actions, moves }: RequestColumnProps) {
  return (
    <ol className="request-list">
      {requests.map((request) => (
        <li key={request.id}>
          <RequestCard request={request} showEmail>
            {moves.map((status) => (
              <button
                key={status}
                type="button"
                className={`button button-small stage-action-small action-${status}`}
                disabled={actions.busy(request.id)}
                onClick={() => actions.setStatus([request], status)}
              >
                {REQUEST_MOVE_LABELS[status]}
              </button>
            ))}
          </RequestCard>
        </li>
      ))}
    </ol>
  );
}
