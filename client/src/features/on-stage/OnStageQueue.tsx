import { messages } from '#shared/messages.ts';
import { useMemo } from 'react';
import type { SongRequest } from '#shared/schemas/request.ts';
import { RequestCard } from '../requests/RequestCard.tsx';
import { activeRequests, completedRequests, upNextRequests } from '../requests/request-views.ts';
import type { RequestActions } from '../requests/use-request-actions.ts';

interface OnStageQueueProps {
  requests: readonly SongRequest[];
  actions: RequestActions;
  newCount: number;
  onSeen(): void;
  /** Demo data: buttons do nothing but say so. */
  demo?: boolean;
}

/** Up Next (when any), Active Requests with the '+N New!' badge, and Completed. */
export function OnStageQueue({ requests, actions, newCount, onSeen, demo }: OnStageQueueProps) {
  const upNext = useMemo(() => upNextRequests(requests), [requests]);
  const active = useMemo(() => activeRequests(requests), [requests]);
  const completed = useMemo(() => completedRequests(requests), [requests]);

  const button = (request: SongRequest, label: string, status: SongRequest['status']) => (
    <button
      type="button"
      className={`button stage-action action-${status}`}
      disabled={actions.busy(request.id)}
      onClick={() =>
        demo ? actions.showToast(messages.demoActionOnly) : actions.setStatus([request], status)
      }
    >
      {label}
    </button>
  );

  return (
    <div className="stage-sections">
      {upNext.length > 0 && (
        <section className="stage-section" aria-labelledby="stage-up-next">
          <h2 id="stage-up-next">Up Next</h2>
          <ol className="request-list">
            {upNext.map((request) => (
              <li key={request.id}>
                <RequestCard request={request}>
                  {button(request, 'Play Now', 'played')}
                  {button(request, 'Remove', 'rejected')}
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
        {active.length === 0 ? (
          <p className="muted">No requests waiting. New ones appear here as they arrive.</p>
        ) : (
          <ol className="request-list">
            {active.map((request, index) => (
              <li key={request.id}>
                <RequestCard
                  request={request}
                  flag={
                    demo
                      ? { text: 'DEMO', tone: 'demo' }
                      : index === 0
                        ? { text: 'NEW', tone: 'new' }
                        : undefined
                  }
                >
                  {button(request, 'Add to Up Next', 'up_next')}
                  {button(request, 'Play Now', 'played')}
                  {button(request, 'Reject', 'rejected')}
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
                flag={
                  request.status === 'played'
                    ? { text: 'PLAYED', tone: 'done' }
                    : { text: 'REJECTED', tone: 'rejected' }
                }
              />
            </li>
          ))}
        </ol>
      </details>
    </div>
  );
}
