import { useMemo } from 'react';
import { messages } from '#shared/messages.ts';
import {
  REQUEST_MOVE_LABELS,
  REQUEST_STATUS_LABELS,
  type RequestMove,
} from '#shared/request-status-labels.ts';
import type { SongRequest } from '#shared/schemas/request.ts';
import { QueueEmptyState } from '#client/features/qr-code/QueueEmptyState.tsx';
import { RequestCard } from '#client/features/requests/RequestCard.tsx';
import {
  activeRequests,
  completedRequests,
  upNextRequests,
} from '#client/features/requests/request-views.ts';
import type { RequestActions } from '#client/features/requests/use-request-actions.ts';
import { useNow } from '#client/lib/use-now.ts';

/** How often the cards' "3 min ago" times move on. */
const CLOCK_TICK_MS = 30_000;

interface OnStageQueueProps {
  requests: readonly SongRequest[];
  actions: RequestActions;
  /** Requests that arrived since the musician last looked: flagged NEW, counted in the badge. */
  newIds: readonly string[];
  onSeen(): void;
  /** Demo data: buttons do nothing but say so. */
  demo?: boolean;
  /** No connection: the moves would fail, so the buttons wait for it. */
  offline?: boolean;
  /** The musician's slug, for the empty queue's QR code and test request. */
  slug: string;
}

/** Up Next (when any), Active Requests with the '+N New!' badge, and Completed. */
export function OnStageQueue({
  requests,
  actions,
  newIds,
  onSeen,
  demo,
  offline,
  slug,
}: OnStageQueueProps) {
  const newCount = newIds.length;
  const upNext = useMemo(() => upNextRequests(requests), [requests]);
  const active = useMemo(() => activeRequests(requests), [requests]);
  const completed = useMemo(() => completedRequests(requests), [requests]);
  const now = useNow(CLOCK_TICK_MS);

  // One word per move on every screen (shared/src/request-status-labels.ts).
  const button = (request: SongRequest, status: RequestMove) => (
    <button
      type="button"
      className={`button stage-action action-${status}`}
      disabled={offline || actions.busy(request.id)}
      onClick={() =>
        demo ? actions.showToast(messages.demoActionOnly) : actions.setStatus([request], status)
      }
    >
      {REQUEST_MOVE_LABELS[status]}
    </button>
  );

  return (
    <div className="stage-sections">
      {upNext.length > 0 && (
        <section className="stage-section" aria-labelledby="stage-up-next">
          <h2 id="stage-up-next">{REQUEST_STATUS_LABELS.up_next}</h2>
          <ol className="request-list">
            {upNext.map((request) => (
              <li key={request.id}>
                <RequestCard request={request} now={now}>
                  {button(request, 'played')}
                  {button(request, 'rejected')}
                </RequestCard>
              </li>
            ))}
          </ol>
        </section>
      )}

      <section className="stage-section" aria-labelledby="stage-active">
        <div className="section-heading">
          <h2 id="stage-active">Active Requests</h2>
          {newCount > 0 && (
            <button type="button" className="new-badge" onClick={onSeen}>
              +{newCount} New!
            </button>
          )}
        </div>
        {active.length === 0 && upNext.length === 0 ? (
          <QueueEmptyState slug={slug} />
        ) : active.length === 0 ? (
          <p className="muted">No requests waiting. New ones appear here as they arrive.</p>
        ) : (
          <ol className="request-list">
            {active.map((request) => (
              <li key={request.id}>
                <RequestCard
                  request={request}
                  now={now}
                  flag={
                    demo
                      ? { text: 'DEMO', tone: 'demo' }
                      : newIds.includes(request.id)
                        ? { text: 'NEW', tone: 'new' }
                        : undefined
                  }
                >
                  {button(request, 'up_next')}
                  {button(request, 'played')}
                  {button(request, 'rejected')}
                </RequestCard>
              </li>
            ))}
          </ol>
        )}
      </section>

      <details className="stage-section stage-completed" open>
        <summary>
          <h2>Completed Requests ({completed.length})</h2>
        </summary>
        <ol className="request-list completed-scroll">
          {completed.map((request) => (
            <li key={request.id}>
              <RequestCard
                request={request}
                now={now}
                flag={
                  request.status === 'played'
                    ? { text: REQUEST_STATUS_LABELS.played.toUpperCase(), tone: 'done' }
                    : { text: REQUEST_STATUS_LABELS.rejected.toUpperCase(), tone: 'rejected' }
                }
              />
            </li>
          ))}
        </ol>
      </details>
    </div>
  );
}
