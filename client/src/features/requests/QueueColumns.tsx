import { useMemo, type ReactNode } from 'react';
import { COMPLETED_SHOWN } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import {
  REQUEST_MOVE_LABELS,
  REQUEST_STATUS_LABELS,
  type RequestMove,
} from '#shared/request-status-labels.ts';
import type { SongRequest } from '#shared/schemas/request.ts';
import { useAuthStore } from '#client/lib/session/auth-store.ts';
import { useNow } from '#client/lib/use-now.ts';
import { RequestCard } from './RequestCard.tsx';
import { activeRequests, afterIdFor, completedRequests, upNextRequests } from './request-views.ts';
import type { RequestActions } from './use-request-actions.ts';

/** How often the stage cards' "3 min ago" times move on. */
const CLOCK_TICK_MS = 30_000;

/**
 * The two screens that work the queue. The dashboard's On Stage tab is a board of columns read
 * at a desk (emails, exact times, counts, the latest completed); the stage screen is read from a
 * few feet away (big buttons, "3 min ago", every completed request in a scrolling list). The
 * waiting column keeps each screen's title from the spec: "Live Requests" on the dashboard,
 * "Active Requests" on stage.
 */
const LAYOUTS = {
  board: {
    container: 'board',
    column: 'board-column',
    completed: 'board-column',
    completedList: 'request-list',
    heading: 'h3',
    id: 'board',
    waitingTitle: 'Live Requests',
    completedTitle: 'Completed',
    counts: true,
    noneWaiting: 'No requests waiting right now.',
    completedShown: COMPLETED_SHOWN,
    action: 'button button-small stage-action-small',
    clock: false,
    showEmail: true,
    shout: false,
    newBadge: false,
  },
  stage: {
    container: 'stage-sections',
    column: 'stage-section',
    completed: 'stage-section stage-completed',
    completedList: 'request-list completed-scroll',
    heading: 'h2',
    id: 'stage',
    waitingTitle: 'Active Requests',
    completedTitle: 'Completed Requests',
    counts: false,
    noneWaiting: 'No requests waiting. New ones appear here as they arrive.',
    completedShown: Infinity,
    action: 'button stage-action',
    clock: true,
    showEmail: false,
    shout: true,
    newBadge: true,
  },
} as const;

export type QueueLayout = keyof typeof LAYOUTS;

interface QueueColumnsProps {
  layout: QueueLayout;
  requests: readonly SongRequest[];
  actions: RequestActions;
  /** Shown instead of the waiting list while the queue has never had a request. */
  empty: ReactNode;
  /** Requests that arrived since the musician last looked: flagged NEW, counted in the badge. */
  newIds?: readonly string[];
  onSeen?(): void;
  /** Demo data: buttons do nothing but say so. */
  demo?: boolean;
  /** No connection: the moves would fail, so the buttons wait for it. */
  offline?: boolean;
}

/** Up Next (when any), the requests waiting (with the '+N New!' badge), and Completed. */
export function QueueColumns({
  layout,
  requests,
  actions,
  empty,
  newIds = [],
  onSeen,
  demo,
  offline,
}: QueueColumnsProps) {
  const look = LAYOUTS[layout];
  const Heading = look.heading;
  const upNext = useMemo(() => upNextRequests(requests), [requests]);
  const waiting = useMemo(() => activeRequests(requests), [requests]);
  const completed = useMemo(() => completedRequests(requests), [requests]);
  const tick = useNow(CLOCK_TICK_MS);
  const now = look.clock ? tick : undefined;
  const count = (n: number) => (look.counts ? ` (${n})` : '');
  // Waiting requests follow arrival, votes or tips unless the musician chose their own order.
  const manual = useAuthStore((s) => s.musician?.queue_order === 'manual');

  /** "Move to top" and "Move to bottom", for one hand (the column must hold two or more). */
  const moveButtons = (request: SongRequest, column: readonly SongRequest[]) => {
    if (column.length < 2) return null;
    const index = column.indexOf(request);
    const moveTo = (to: 'top' | 'bottom') =>
      demo
        ? actions.showToast(messages.demoActionOnly)
        : actions.move(request, afterIdFor(column, request.id, to));
    return (['top', 'bottom'] as const).map((to) => (
      <button
        key={to}
        type="button"
        className={`${look.action} queue-move`}
        aria-label={`Move ${request.song_title} to the ${to}`}
        disabled={
          offline ||
          actions.busy(request.id) ||
          (to === 'top' ? index === 0 : index === column.length - 1)
        }
        onClick={() => moveTo(to)}
      >
        Move to {to}
      </button>
    ));
  };

  // One word per move on every screen (shared/src/request-status-labels.ts).
  const card = (
    request: SongRequest,
    moves: readonly RequestMove[],
    flag?: CardFlag,
    column?: readonly SongRequest[],
  ) => (
    <li key={request.id} data-queue-position={request.queue_position ?? undefined}>
      <RequestCard request={request} now={now} flag={flag} showEmail={look.showEmail}>
        {moves.map((status) => (
          <button
            key={status}
            type="button"
            className={`${look.action} action-${status}`}
            disabled={offline || actions.busy(request.id)}
            onClick={() =>
              demo
                ? actions.showToast(messages.demoActionOnly)
                : actions.setStatus([request], status)
            }
          >
            {REQUEST_MOVE_LABELS[status]}
          </button>
        ))}
        {column && moveButtons(request, column)}
      </RequestCard>
    </li>
  );

  const waitingFlag = (request: SongRequest): CardFlag =>
    demo
      ? { text: 'DEMO', tone: 'demo' }
      : newIds.includes(request.id)
        ? { text: 'NEW', tone: 'new' }
        : undefined;

  const doneFlag = (request: SongRequest): CardFlag => {
    const played = request.status === 'played';
    const text = REQUEST_STATUS_LABELS[played ? 'played' : 'rejected'];
    return { text: look.shout ? text.toUpperCase() : text, tone: played ? 'done' : 'rejected' };
  };

  const waitingHeading = (
    <Heading id={`${look.id}-waiting`}>
      {look.waitingTitle}
      {count(waiting.length)}
    </Heading>
  );

  return (
    <div className={look.container}>
      {upNext.length > 0 && (
        <section className={look.column} aria-labelledby={`${look.id}-up-next`}>
          <Heading id={`${look.id}-up-next`}>
            {REQUEST_STATUS_LABELS.up_next}
            {count(upNext.length)}
          </Heading>
          <ol className="request-list">
            {upNext.map((request) => card(request, ['played', 'rejected'], undefined, upNext))}
          </ol>
        </section>
      )}

      <section className={look.column} aria-labelledby={`${look.id}-waiting`}>
        {look.newBadge ? (
          <div className="section-heading">
            {waitingHeading}
            {newIds.length > 0 && (
              <button type="button" className="new-badge" onClick={onSeen}>
                +{newIds.length} New!
              </button>
            )}
          </div>
        ) : (
          waitingHeading
        )}
        {waiting.length === 0 && upNext.length === 0 ? (
          empty
        ) : waiting.length === 0 ? (
          <p className="muted">{look.noneWaiting}</p>
        ) : (
          <ol className="request-list">
            {waiting.map((request) =>
              card(
                request,
                ['up_next', 'played', 'rejected'],
                waitingFlag(request),
                manual ? waiting : undefined,
              ),
            )}
          </ol>
        )}
      </section>

      <details className={look.completed} open>
        <summary>
          <Heading>
            {look.completedTitle} ({completed.length})
          </Heading>
        </summary>
        <ol className={look.completedList}>
          {completed.slice(0, look.completedShown).map((request) => (
            <li key={request.id}>
              <RequestCard request={request} now={now} flag={doneFlag(request)} />
            </li>
          ))}
        </ol>
      </details>
    </div>
  );
}

type CardFlag = { text: string; tone: 'new' | 'done' | 'rejected' | 'demo' } | undefined;
