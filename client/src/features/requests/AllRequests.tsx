import { plural } from '#shared/fill-message.ts';
import { useState, type ReactNode } from 'react';
import { ALL_REQUESTS_SHOWN } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import {
  REQUEST_MOVE_LABELS,
  REQUEST_STATUS_LABELS,
  type RequestMove,
} from '#shared/request-status-labels.ts';
import { canMove, type SongRequest } from '#shared/schemas/request.ts';
import { ConfirmButton } from '#client/ui/ConfirmButton.tsx';
import { BlockRequesterButton } from './BlockRequesterButton.tsx';
import { LoadOlderRequests } from './LoadOlderRequests.tsx';
import { RequestCard } from './RequestCard.tsx';
import type { RequestActions } from './use-request-actions.ts';

const MOVES: readonly RequestMove[] = ['up_next', 'played', 'rejected'];

interface AllRequestsProps {
  title: string;
  /** Newest first. */
  requests: readonly SongRequest[];
  actions: RequestActions;
  /** What an empty list shows instead (the dashboard's first-song guidance). */
  empty?: ReactNode;
}

/** The newest 50 requests, with per-request actions and a batch-selection bar. */
export function AllRequests({ title, requests, actions, empty }: AllRequestsProps) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [limit, setLimit] = useState(ALL_REQUESTS_SHOWN);
  const shown = requests.slice(0, limit);
  const chosen = shown.filter((request) => selected.has(request.id));

  function toggle(id: string, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  function batchMove(status: RequestMove) {
    if (chosen.length === 0) return actions.showToast(messages.requestsSelectionEmpty, 'error');
    const movable = chosen.filter((request) => canMove(request.status, status));
    if (movable.length > 0) actions.setStatus(movable, status);
    setSelected(new Set());
  }

  return (
    <section className="card" aria-labelledby="all-requests-title">
      <h3 id="all-requests-title">{title}</h3>
      <div className="batch-bar" role="toolbar" aria-label="Selected requests">
        <span className="batch-count">{chosen.length} selected</span>
        <button
          type="button"
          className="button button-ghost button-small"
          onClick={() => setSelected(new Set(shown.map((request) => request.id)))}
        >
          Select all
        </button>
        <button
          type="button"
          className="button button-ghost button-small"
          onClick={() => setSelected(new Set())}
        >
          Clear selection
        </button>
        {MOVES.map((status) => (
          <button
            key={status}
            type="button"
            className="button button-ghost button-small"
            aria-label={`${REQUEST_MOVE_LABELS[status]}: selected requests`}
            onClick={() => batchMove(status)}
          >
            {REQUEST_MOVE_LABELS[status]}
          </button>
        ))}
        <ConfirmButton
          label="Delete"
          accessibleName="Delete selected requests"
          title="Delete the selected requests?"
          message={`${plural(chosen.length, 'request', 'requests')} will be deleted. This cannot be undone.`}
          confirmLabel="Delete requests"
          disabled={chosen.length === 0}
          onConfirm={() => {
            actions.remove(chosen);
            setSelected(new Set());
          }}
        />
      </div>

      {requests.length === 0 && (empty ?? <p className="muted">No requests yet.</p>)}
      <ol className="request-list">
        {shown.map((request) => (
          <li key={request.id}>
            <RequestCard
              request={request}
              showEmail
              leading={
                <label className="request-select">
                  <span className="visually-hidden">Select {request.song_title}</span>
                  <input
                    type="checkbox"
                    checked={selected.has(request.id)}
                    onChange={(event) => toggle(request.id, event.target.checked)}
                  />
                </label>
              }
            >
              <span className="status-chip">{REQUEST_STATUS_LABELS[request.status]}</span>
              {MOVES.filter((status) => canMove(request.status, status)).map((status) => (
                <button
                  key={status}
                  type="button"
                  className={`button button-small action-${status}`}
                  disabled={actions.busy(request.id)}
                  onClick={() => actions.setStatus([request], status)}
                >
                  {REQUEST_MOVE_LABELS[status]}
                </button>
              ))}
              <ConfirmButton
                label="Delete"
                title="Delete this request?"
                message={`The request for “${request.song_title}” will be deleted.`}
                confirmLabel="Delete request"
                onConfirm={() => actions.remove([request])}
              />
              <BlockRequesterButton request={request} actions={actions} />
            </RequestCard>
          </li>
        ))}
      </ol>
      <LoadOlderRequests
        held={requests.length}
        shown={shown.length}
        onShowMore={() => setLimit((n) => n + ALL_REQUESTS_SHOWN)}
      />
    </section>
  );
}
