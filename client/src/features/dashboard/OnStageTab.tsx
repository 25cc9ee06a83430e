import { useMemo } from 'react';
import { Link } from 'react-router';
import { COMPLETED_SHOWN } from '#shared/limits.ts';
import type { RequestStatus, SongRequest } from '#shared/schemas/request.ts';
import { ToastRegion } from '#client/ui/ToastRegion.tsx';
import { RequestCard } from '../requests/RequestCard.tsx';
import { activeRequests, completedRequests, upNextRequests } from '../requests/request-views.ts';
import { useRequestActions, type RequestActions } from '../requests/use-request-actions.ts';
import { useRequestList } from '../requests/use-request-list.ts';

interface OnStageTabProps {
  slug: string;
}

/** The dashboard's live view: Up Next, Live Requests and Completed side by side. */
export function OnStageTab({ slug }: OnStageTabProps) {
  const requests = useRequestList();
  const actions = useRequestActions();
  const upNext = useMemo(() => upNextRequests(requests), [requests]);
  const live = useMemo(() => activeRequests(requests), [requests]);
  const completed = useMemo(() => completedRequests(requests), [requests]);

  return (
    <div className="stack">
      <p className="tab-intro">
        <Link className="button button-secondary" to={`/on-stage/${slug}`}>
          Open the On Stage screen
        </Link>
      </p>
      <div className="board">
        {upNext.length > 0 && (
          <section className="board-column" aria-labelledby="board-up-next">
            <h3 id="board-up-next">Up Next ({upNext.length})</h3>
            <RequestColumn
              requests={upNext}
              actions={actions}
              buttons={[
                ['Played', 'played'],
                ['Skip', 'rejected'],
              ]}
            />
          </section>
        )}
        <section className="board-column" aria-labelledby="board-live">
          <h3 id="board-live">Live Requests ({live.length})</h3>
          {live.length === 0 && <p className="muted">No requests waiting right now.</p>}
          <RequestColumn
            requests={live}
            actions={actions}
            buttons={[
              ['Up Next', 'up_next'],
              ['Played', 'played'],
              ['Reject', 'rejected'],
            ]}
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
                      ? { text: 'Played', tone: 'done' }
                      : { text: 'Skipped', tone: 'rejected' }
                  }
                />
              </li>
            ))}
          </ol>
        </details>
      </div>
      <ToastRegion toast={actions.toast} />
    </div>
  );
}

interface RequestColumnProps {
  requests: readonly SongRequest[];
  actions: RequestActions;
  buttons: readonly (readonly [label: string, status: RequestStatus])[];
}

function RequestColumn({ requests, actions, buttons }: RequestColumnProps) {
  return (
    <ol className="request-list">
      {requests.map((request) => (
        <li key={request.id}>
          <RequestCard request={request} showEmail>
            {buttons.map(([label, status]) => (
              <button
                key={status}
                type="button"
                className={`button button-small stage-action-small action-${status}`}
                disabled={actions.busy(request.id)}
                onClick={() => actions.setStatus([request], status)}
              >
                {label}
              </button>
            ))}
          </RequestCard>
        </li>
      ))}
    </ol>
  );
}
