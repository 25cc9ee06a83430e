import { useMemo, type ReactNode } from 'react';
import { messages } from '#shared/messages.ts';
import {
  REQUEST_MOVE_LABELS,
  REQUEST_STATUS_LABELS,
  type RequestMove,
} from '#shared/request-status-labels.ts';
import type { SongRequest } from '#shared/schemas/request.ts';
import { selectIsStageDevice, useAuthStore } from '#client/lib/session/auth-store.ts';
import { useNow } from '#client/lib/use-now.ts';
import { blockRequester } from './BlockRequesterButton.tsx';
import { MoveControls } from './MoveControls.tsx';
import { StageCardMenu } from './StageCardMenu.tsx';
import { NextSuggestion, NothingLinedUp } from './StageNextPanels.tsx';
import { LastCallLine, QueueLength } from './QueueClock.tsx';
import { queueTimeline, type QueueTimeline } from './queue-timeline.ts';
import { useDoubleTapGuard } from './use-double-tap-guard.ts';
import { useSeenOnScreen } from './use-seen-on-screen.ts';
import { RequestCard, type RequestCardVariant } from './RequestCard.tsx';
import { ReorderableList } from './ReorderableList.tsx';
import { activeRequests, afterIdFor, completedRequests, upNextRequests } from './request-views.ts';
import type { RequestActions } from './use-request-actions.ts';
import { LAYOUTS, type QueueLayout } from './queue-layouts.ts';
import './queue-stage.css';
import './queue-stage-panels.css';

/** How often the stage cards' "3 min ago" times move on. */
const CLOCK_TICK_MS = 30_000;

export type { QueueLayout };

interface QueueColumnsProps {
  layout: QueueLayout;
  requests: readonly SongRequest[];
  actions: RequestActions;
  /** Shown instead of the waiting list while the queue has never had a request. */
  empty: ReactNode;
  /** Requests that arrived since the musician last looked: flagged NEW, counted in the badge. */
  newIds?: readonly string[];
  onSeen?(): void;
  /** A NEW row has been in sight for a few seconds: it is no longer news. */
  onSeenOne?(id: string): void;
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
  labelPrefix?: string;
  /** The column it can be moved in, and where it stands there. */
  column?: { list: readonly SongRequest[]; index: number };
}

/** Demo data: no lengths, no last call, nothing to add up. */
const NO_TIMELINE: QueueTimeline = {
  totalSeconds: 0,
  songs: 0,
  lateIds: new Set<string>(),
  firstLateWaitingId: undefined,
};

/** Up Next (when any), the requests waiting (with the '+N New!' badge), and Completed. */
export function QueueColumns({
  layout,
  requests,
  actions,
  empty,
  newIds = [],
  onSeen,
  onSeenOne,
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
  // The queue by the clock: its length, and who starts after the last call (requests_close_at).
  const lastCallAt = useAuthStore((s) => s.musician?.requests_close_at ?? null);
  const timeline = useMemo(
    () =>
      demo ? NO_TIMELINE : queueTimeline({ upNext, waiting, requests, lastCallAt, now: tick }),
    [demo, upNext, waiting, requests, lastCallAt, tick],
  );
  // Waiting requests follow arrival, votes or tips unless the musician chose their own order.
  const manual = useAuthStore((s) => s.musician?.queue_order === 'manual');
  const watchNew = useSeenOnScreen(onSeenOne);
  const moveTo = (request: SongRequest, afterId: string | null) =>
    demo ? actions.showToast(messages.demoActionOnly) : actions.move(request, afterId);

  const allowTap = useDoubleTapGuard();
  // The server lets the musician block, not a paired stage device; demo data has no one to block.
  const canBlock = !useAuthStore(selectIsStageDevice) && !demo && !offline;
  const press = (request: SongRequest, status: RequestMove) => {
    if (!allowTap(request.id, status)) return;
    if (demo) actions.showToast(messages.demoActionOnly);
    else actions.setStatus([request], status);
  };
  const moveButton = (request: SongRequest, status: RequestMove) => (
    <button
      key={status}
      type="button"
      className={`button queue-action action-${status}`}
      disabled={offline || actions.busy(request.id)}
      onClick={() => press(request, status)}
    >
      {REQUEST_MOVE_LABELS[status]}
    </button>
  );

  // One word per move on every screen (shared/src/request-status-labels.ts). On stage a card
  // shows its big moves (Up Next, Played); Reject and the moves in the column wait behind "More".
  const card = (request: SongRequest, moves: readonly RequestMove[], options: CardOptions) => {
    const withMenu = look.stage && moves.includes('rejected');
    const shown = withMenu ? moves.filter((status) => status !== 'rejected') : moves;
    const disabled = Boolean(offline) || actions.busy(request.id);
    const column = options.column;
    const onMove = (to: 'top' | 'bottom') =>
      column && moveTo(request, afterIdFor(column.list, request.id, to));
    return (
      <RequestCard
        request={request}
        variant={options.variant}
        eyebrow={options.eyebrow}
        now={now}
        flag={options.flag}
        showEmail={look.showEmail}
        leading={options.handle}
        ref={options.flag?.tone === 'new' ? watchNew(request.id) : undefined}
        labelPrefix={options.labelPrefix}
        late={timeline.lateIds.has(request.id)}
      >
        {shown.map((status) => moveButton(request, status))}
        {withMenu ? (
          <StageCardMenu
            request={request}
            disabled={disabled}
            onReject={() => press(request, 'rejected')}
            column={column}
            onMove={onMove}
            onBlock={canBlock ? () => void blockRequester(request, actions) : undefined}
          />
        ) : (
          column && (
            <MoveControls
              request={request}
              index={column.index}
              count={column.list.length}
              disabled={disabled}
              look={look.stage || moves.length > 2 ? 'menu' : 'icons'}
              onMove={onMove}
            />
          )
        )}
      </RequestCard>
    );
  };

  // NEW counts only what still waits: a request lined up or played has had the musician's eye.
  const freshIds = newIds.filter((id) => waiting.some((request) => request.id === id));

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
        <QueueLength timeline={timeline} />
        {look.stage && freshIds.length > 0 && (
          <button type="button" className="new-badge" onClick={onSeen}>
            +{freshIds.length} New!
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
          renderItem={(request, index, handle) => (
            <>
              {lastCallAt && request.id === timeline.firstLateWaitingId && (
                <LastCallLine at={lastCallAt} />
              )}
              {card(request, ['up_next', 'played', 'rejected'], {
                variant: look.stage ? 'row' : 'card',
                flag: waitingFlag(request),
                handle,
                ...(manual ? { column: { list: waiting, index } } : {}),
              })}
            </>
          )}
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
  // Next is never empty while someone waits: short of two lined up, the first waiting request
  // stands there with one tap to line it up.
  const suggestion = upNext.length < 2 && !demo ? waiting[0] : undefined;
  const nextPanel = suggestion ? (
    <NextSuggestion>
      {card(suggestion, ['up_next'], {
        variant: 'next',
        eyebrow: messages.onStageNextSuggestion,
        // The same request is a row of the queue too: one name each.
        labelPrefix: messages.onStageNextSuggestionLabel,
      })}
    </NextSuggestion>
  ) : (
    upNext.length === 1 && <NothingLinedUp slot="Next" />
  );
  // On stage: Now and Next lead (beside the queue on a landscape tablet), Completed below them.
  return (
    <div className={look.container}>
      <div className="stage-lead">
        <div className="stage-now-next">
          {upNextSection || <NothingLinedUp slot="Now" />}
          {nextPanel}
        </div>
        {completedSection}
      </div>
      {waitingSection}
    </div>
  );
}

type CardFlag = { text: string; tone: 'new' | 'done' | 'rejected' | 'demo' } | undefined;
