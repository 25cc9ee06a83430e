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
import { MoveControls } from './MoveControls.tsx';
import { RequestCard, type RequestCardVariant } from './RequestCard.tsx';
import { ReorderableList } from './ReorderableList.tsx';
import { activeRequests, afterIdFor, completedRequests, upNextRequests } from './request-views.ts';
import type { RequestActions } from './use-request-actions.ts';
import './queue-stage.css';
import './queue-stage-panels.css';

/** How often the stage cards' "3 min ago" times move on. */
const CLOCK_TICK_MS = 30_000;

/**
 * The two screens that work the queue. The dashboard's On Stage tab is a board of columns read
 * at a desk (emails, exact times, counts, the latest completed); the stage screen is read from
 * two metres (a large Now, then Next, then compact rows; "3 min ago"; every completed request in
 * a scrolling list). The waiting column keeps each screen's title from the spec: "Live Requests"
 * on the dashboard, "Active Requests" on stage.
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
    clock: false,
    showEmail: true,
    shout: false,
    stage: false,
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
    clock: true,
    showEmail: false,
    shout: true,
    stage: true,
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

interface CardOptions {
  variant: RequestCardVariant;
  flag?: CardFlag;
  eyebrow?: string;
  handle?: ReactNode;
  /** The column it can be moved in, and where it stands there. */
  column?: { list: readonly SongRequest[]; index: number };
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
  const moveTo = (request: SongRequest, afterId: string | null) =>
    demo ? actions.showToast(messages.demoActionOnly) : actions.move(request, afterId);

  // One word per move on every screen (shared/src/request-status-labels.ts).
  const card = (request: SongRequest, moves: readonly RequestMove[], options: CardOptions) => (
    <RequestCard
      request={request}
      variant={options.variant}
      eyebrow={options.eyebrow}
      now={now}
      flag={options.flag}
      showEmail={look.showEmail}
      leading={options.handle}
    >
      {moves.map((status) => (
        <button
          key={status}
          type="button"
          className={`button queue-action action-${status}`}
          disabled={offline || actions.busy(request.id)}
          onClick={() =>
            demo ? actions.showToast(messages.demoActionOnly) : actions.setStatus([request], status)
          }
        >
          {REQUEST_MOVE_LABELS[status]}
        </button>
      ))}
      {options.column && (
        <MoveControls
          request={request}
          index={options.column.index}
          count={options.column.list.length}
          disabled={Boolean(offline) || actions.busy(request.id)}
          look={look.stage || moves.length > 2 ? 'menu' : 'icons'}
          onMove={(to) => moveTo(request, afterIdFor(options.column!.list, request.id, to))}
        />
      )}
    </RequestCard>
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

  // On stage the first of Up Next is Now and the second Next; the rest are rows like the queue.
  const upNextVariant = (index: number): RequestCardVariant =>
    !look.stage ? 'card' : index === 0 ? 'now' : index === 1 ? 'next' : 'row';
  const upNextEyebrow = (index: number) =>
    !look.stage ? undefined : index === 0 ? 'Now' : index === 1 ? 'Next' : undefined;

  const upNextSection = upNext.length > 0 && (
    <section className={`${look.column} queue-up-next`} aria-labelledby={`${look.id}-up-next`}>
      <Heading id={`${look.id}-up-next`} className={look.stage ? 'visually-hidden' : undefined}>
        {REQUEST_STATUS_LABELS.up_next}
        {count(upNext.length)}
      </Heading>
      <ReorderableList
        items={upNext}
        className="request-list up-next-list"
        sortable
        grid={look.stage}
        disabled={demo || offline}
        onMove={moveTo}
        renderItem={(request, index, handle) =>
          card(request, ['played', 'rejected'], {
            variant: upNextVariant(index),
            eyebrow: upNextEyebrow(index),
            handle,
            column: { list: upNext, index },
          })
        }
      />
    </section>
  );

  const waitingSection = (
    <section className={`${look.column} queue-waiting`} aria-labelledby={`${look.id}-waiting`}>
      <div className="section-heading">
        <Heading id={`${look.id}-waiting`}>
          {look.waitingTitle}
          {count(waiting.length)}
        </Heading>
        {look.stage && newIds.length > 0 && (
          <button type="button" className="new-badge" onClick={onSeen}>
            +{newIds.length} New!
          </button>
        )}
      </div>
      {waiting.length === 0 && upNext.length === 0 ? (
        empty
      ) : waiting.length === 0 ? (
        <p className="muted">{look.noneWaiting}</p>
      ) : (
        <ReorderableList
          items={waiting}
          className="request-list waiting-list"
          sortable={manual}
          disabled={demo || offline}
          onMove={moveTo}
          renderItem={(request, index, handle) =>
            card(request, ['up_next', 'played', 'rejected'], {
              variant: look.stage ? 'row' : 'card',
              flag: waitingFlag(request),
              handle,
              ...(manual ? { column: { list: waiting, index } } : {}),
            })
          }
        />
      )}
    </section>
  );

  const completedSection = (
    <details className={look.completed} open>
      <summary>
        <Heading>
          {look.completedTitle} ({completed.length})
        </Heading>
      </summary>
      <ol className={look.completedList}>
        {completed.slice(0, look.completedShown).map((request) => (
          <li key={request.id}>
            <RequestCard
              request={request}
              variant={look.stage ? 'row' : 'card'}
              now={now}
              flag={doneFlag(request)}
            />
          </li>
        ))}
      </ol>
    </details>
  );

  if (!look.stage) {
    return (
      <div className={look.container}>
        {upNextSection}
        {waitingSection}
        {completedSection}
      </div>
    );
  }
  // On stage: Now and Next lead (beside the queue on a landscape tablet), Completed below them.
  return (
    <div className={look.container}>
      <div className="stage-lead">
        {upNextSection || <NothingLinedUp slot="Now" />}
        {/* Next is what the musician chose, never a guess from the waiting queue; its place is
            kept so Now and the queue do not jump when Played empties it. */}
        {upNext.length === 1 && <NothingLinedUp slot="Next" />}
        {completedSection}
      </div>
      {waitingSection}
    </div>
  );
}

/** The empty place of Now or Next beside the queue (a landscape tablet; CSS hides it otherwise). */
function NothingLinedUp({ slot }: { slot: 'Now' | 'Next' }) {
  return (
    <div className="stage-up-next-empty">
      <p className="request-eyebrow">{slot}</p>
      <p>{messages.onStageNothingUpNext}</p>
    </div>
  );
}

type CardFlag = { text: string; tone: 'new' | 'done' | 'rejected' | 'demo' } | undefined;
