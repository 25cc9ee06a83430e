import { useMemo } from 'react';
import { Link } from 'react-router';
import { fill } from '#shared/fill-message.ts';
import { messages } from '#shared/messages.ts';
import { ON_STAGE_POLL_MS } from '#shared/limits.ts';
import type { Musician } from '#shared/schemas/musician.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { formatRequestTime } from '#client/lib/format.ts';
import { LiveIndicator } from '#client/live/LiveIndicator.tsx';
import { useLiveStore } from '#client/live/live-store.ts';
import { useLiveSession } from '#client/live/use-live-session.ts';
import { LoadingState } from '#client/ui/LoadingState.tsx';
import { Icon } from '#client/ui/icons.tsx';
import { ToastRegion } from '#client/ui/ToastRegion.tsx';
import { selectIsStageDevice, useAuthStore } from '#client/lib/session/auth-store.ts';
import { PendingMovesToasts } from '#client/features/requests/PendingMovesToasts.tsx';
import { useRequestsStore } from '#client/features/requests/requests-store.ts';
import { useQueueRequests } from '#client/features/requests/use-queue-requests.ts';
import { useRequestActions } from '#client/features/requests/use-request-actions.ts';
import { selectCurrentShow, useShowsStore } from '#client/features/shows/shows-store.ts';
import { demoRequest } from './demo-request.ts';
import { useOfflineQueue, useOnline } from './offline-queue-sync.ts';
import { QueueColumns } from '#client/features/requests/QueueColumns.tsx';
import { QueueEmptyState } from '#client/features/qr-code/QueueEmptyState.tsx';
import { QueueCaughtUp } from '#client/features/shows/QueueCaughtUp.tsx';
import { RequestsToggle } from './RequestsToggle.tsx';
import { RequestWindowControl } from '#client/features/request-window/RequestWindowControl.tsx';
import { NotificationIndicator, WakeLockIndicator } from './StageIndicators.tsx';
import { StageStatus } from './StageStatus.tsx';
import { useClearArrivalsWhenAway } from './use-clear-arrivals-when-away.ts';
import {
  useNewRequestAlerts,
  useNotificationPermission,
} from '#client/features/requests/use-new-request-alerts.ts';
import { useWakeLock } from '#client/lib/use-wake-lock.ts';
import './on-stage.css';

/** A server error or no connection: the screen shows demo data instead (spec section 8). */
function isOutage(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

const NONE: readonly string[] = [];

interface OnStageScreenProps {
  musician: Musician;
}

/** The tablet screen on stage: the live queue with big buttons, kept current by the socket. */
export function OnStageScreen({ musician }: OnStageScreenProps) {
  const token = useAuthStore((s) => s.token);
  const stageDevice = useAuthStore(selectIsStageDevice);
  useLiveSession({ token, musicianId: musician.id, pollMs: ON_STAGE_POLL_MS });
  useNewRequestAlerts();
  const { permission, ask } = useNotificationPermission();
  const loaded = useRequestsStore((s) => s.status === 'ready');
  const loadError = useRequestsStore((s) => s.loadError);
  const requests = useQueueRequests();
  const arrivals = useRequestsStore((s) => s.arrivals);
  const clearArrivals = useRequestsStore((s) => s.clearArrivals);
  const seeArrivals = useRequestsStore((s) => s.seeArrivals);
  useClearArrivalsWhenAway(clearArrivals);
  const actions = useRequestActions();
  const saved = useOfflineQueue(musician.id);
  const online = useOnline();
  const liveStatus = useLiveStore((s) => s.status);
  const outage = !loaded && isOutage(loadError);
  // No answer from the server (or no network at all): the queue this device kept, if any, beats
  // demo data. The first answer that arrives replaces it (the live module keeps trying).
  const fromSaved = !loaded && saved !== null && (outage || !online);
  const demo = outage && !fromSaved;
  const demoList = useMemo(() => [demoRequest()], []);
  // Honest rather than queued: a move made now would fail, so the buttons wait for the network.
  const offline = fromSaved || (loaded && (!online || liveStatus === 'reconnecting'));
  const liveShow = useShowsStore(selectCurrentShow);
  const wakeLock = useWakeLock(fromSaved ? saved.show !== null : liveShow !== null);

  return (
    <div className="on-stage">
      <header className="site-header stage-header">
        <div className="stage-header-row">
          <div className="stage-title">
            <h1 title={musician.name}>{musician.name}</h1>
            <LiveIndicator />
            <StageStatus savedShow={fromSaved ? saved.show : undefined} />
          </div>
          <div className="stage-controls">
            <RequestsToggle
              onError={(message) => actions.showToast(message, 'error')}
              disabled={offline}
            />
            <NotificationIndicator permission={permission} onAsk={() => void ask()} />
            <WakeLockIndicator status={wakeLock} />
            {/* A paired stage device works only this screen. */}
            {!stageDevice && (
              <Link
                className="button button-ghost stage-dashboard-link"
                to="/dashboard"
                aria-label="Dashboard"
                title="Dashboard"
              >
                <Icon name="dashboard" />
                <span className="stage-dashboard-text" aria-hidden="true">
                  Dashboard
                </span>
              </Link>
            )}
          </div>
        </div>
        {/* The request window's countdown has a row of its own, and beside it the answer to
            each move with its Undo: in the header, never over a row of the queue. */}
        <div className="stage-bar">
          <RequestWindowControl
            onError={(message) => actions.showToast(message, 'error')}
            disabled={offline}
          />
          <div className="queue-feedback">
            <PendingMovesToasts />
            <ToastRegion toast={actions.toast} />
          </div>
        </div>
      </header>

      <main className="stage-main">
        {demo && (
          <p className="notice-box" role="alert">
            {messages.onStageDemo}
          </p>
        )}
        {offline && (
          <p className="notice-box stage-offline" role="alert">
            {fromSaved
              ? fill(messages.onStageOfflineSaved, {
                  time: formatRequestTime(new Date(saved.savedAt).toISOString()),
                })
              : messages.onStageOffline}
          </p>
        )}
        {!loaded && !outage && loadError !== null && (
          <p className="status-message status-error" role="alert">
            {messages.onStageLoadFailed}
          </p>
        )}
        {!loaded && !loadError && !fromSaved ? (
          <LoadingState label="Loading requests…" />
        ) : (
          <QueueColumns
            layout="stage"
            requests={demo ? demoList : fromSaved ? saved.requests : requests}
            actions={actions}
            newIds={demo || fromSaved ? NONE : arrivals}
            onSeen={clearArrivals}
            onSeenOne={(id) => seeArrivals([id])}
            demo={demo}
            offline={offline}
            empty={
              <QueueCaughtUp
                requests={requests}
                firstRun={<QueueEmptyState slug={musician.slug} />}
              />
            }
          />
        )}
      </main>

      <footer className="stage-footer">
        <p>This screen updates automatically. Keep the tab open.</p>
        {/* Asking again does nothing once blocked: say where to change it instead. */}
        {permission === 'denied' && <p role="status">{messages.notificationsBlocked}</p>}
      </footer>
    </div>
  );
}
