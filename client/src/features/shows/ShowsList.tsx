import { fill, plural } from '#shared/fill-message.ts';
import { messages } from '#shared/messages.ts';
import { useMemo, useState } from 'react';
import type { SongRequest } from '#shared/schemas/request.ts';
import type { Show } from '#shared/schemas/show.ts';
import { ConfirmButton } from '#client/ui/ConfirmButton.tsx';
import { RequestCard } from '../requests/RequestCard.tsx';
import { formatRequestTime } from '#client/lib/format.ts';
import { requestsOfShow } from '../requests/request-views.ts';
import type { ShowActions } from './show-actions.ts';
import { ShowReportModal } from './ShowReportModal.tsx';
import { selectShows, splitShows, useShowsStore } from './shows-store.ts';
import './shows.css';

interface ShowsListProps {
  requests: readonly SongRequest[];
  actions: ShowActions;
}

function DeleteShow({ show, actions }: { show: Show; actions: ShowActions }) {
  return (
    <ConfirmButton
      label="Delete"
      accessibleName={`Delete show ${show.name}`}
      title="Delete this show?"
      message={`“${show.name}” and all of its requests will be deleted. This cannot be undone.`}
      confirmLabel="Delete show"
      onConfirm={() => void actions.delete(show)}
    />
  );
}

/** Shows that are not archived, newest first; each opens to its requests. */
export function ShowsList({ requests, actions }: ShowsListProps) {
  const shows = useShowsStore(selectShows);
  const { visible } = useMemo(() => splitShows(shows), [shows]);
  const [reportOf, setReportOf] = useState<Show | null>(null);

  return (
    <section className="card" aria-labelledby="shows-title">
      <h3 id="shows-title">Shows</h3>
      {visible.length === 0 && <p className="muted">No shows yet. Start one to group requests.</p>}
      <ul className="show-list">
        {visible.map((show) => {
          const ofShow = requestsOfShow(requests, show.id);
          return (
            <li key={show.id} className="show-item">
              <details>
                <summary>
                  <span className="show-name">{show.name}</span>
                  <span className="muted">
                    {' '}
                    · {formatRequestTime(show.date)} ·{' '}
                    {fill(messages.showRequestCounts, {
                      requests: plural(show.request_count, 'request', 'requests'),
                      played: show.played_count,
                    })}
                    {show.status === 'active' ? ' · live now' : ''}
                  </span>
                </summary>
                {/* The counts are the server's; this device may hold only the newest requests. */}
                {ofShow.length < show.request_count && (
                  <p className="muted show-loaded-note">
                    {fill(messages.showRequestsLoaded, {
                      loaded: ofShow.length,
                      total: show.request_count,
                    })}
                  </p>
                )}
                <ol className="request-list show-requests">
                  {ofShow.map((request) => (
                    <li key={request.id}>
                      <RequestCard request={request} showEmail>
                        <span className="status-chip">{request.status.replace('_', ' ')}</span>
                      </RequestCard>
                    </li>
                  ))}
                </ol>
              </details>
              <div className="show-actions">
                <button
                  type="button"
                  className="button button-ghost button-small"
                  aria-label={`Report of show ${show.name}`}
                  onClick={() => setReportOf(show)}
                >
                  Report
                </button>
                <button
                  type="button"
                  className="button button-ghost button-small"
                  aria-label={`Archive show ${show.name}`}
                  onClick={() => void actions.archive(show)}
                >
                  Archive
                </button>
                <DeleteShow show={show} actions={actions} />
              </div>
            </li>
          );
        })}
      </ul>
      {reportOf && (
        <ShowReportModal show={reportOf} actions={actions} onClose={() => setReportOf(null)} />
      )}
    </section>
  );
}

/** Archived shows, with Restore and Delete. */
export function ArchivedShows({ actions }: { actions: ShowActions }) {
  const shows = useShowsStore(selectShows);
  const { archived } = useMemo(() => splitShows(shows), [shows]);

  return (
    <details className="card" aria-labelledby="archived-title">
      <summary>
        <h3 id="archived-title">Archived Shows ({archived.length})</h3>
      </summary>
      {archived.length === 0 && <p className="muted">No archived shows.</p>}
      <ul className="show-list">
        {archived.map((show) => (
          <li key={show.id} className="show-item">
            <span>
              <span className="show-name">{show.name}</span>
              <span className="muted"> · {formatRequestTime(show.date)}</span>
            </span>
            <div className="show-actions">
              <button
                type="button"
                className="button button-ghost button-small"
                aria-label={`Restore show ${show.name}`}
                onClick={() => void actions.restore(show)}
              >
                Restore
              </button>
              <DeleteShow show={show} actions={actions} />
            </div>
          </li>
        ))}
      </ul>
    </details>
  );
}
