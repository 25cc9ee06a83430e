import type { Socket } from 'socket.io-client';
import { createPoller } from '#client/live/poller.ts';
import type { RequestStatusView } from '#shared/schemas/audience.ts';
import {
  AUDIENCE_NAMESPACE,
  type AudienceClientToServerEvents,
  type AudienceServerToClientEvents,
  type PageChange,
} from '#shared/realtime.ts';

type AudienceSocket = Socket<AudienceServerToClientEvents, AudienceClientToServerEvents>;

/** While the socket is unavailable, the requester's statuses are asked for this often. */
export const STATUS_POLL_MS = 10_000;

export interface AudienceLiveOptions {
  slug(): string;
  /** The status tokens still worth following. */
  tokens(): string[];
  onPageChange(change: PageChange): void;
  onStatus(status: RequestStatusView): void;
  /** Statuses over REST: the polling fallback's tick. */
  pollStatuses(): Promise<void>;
  /**
   * The page room is joined: changes from now on arrive. `again` after a disconnection that
   * may have missed some; else the first time, when only what changed since the page loaded
   * may be missing.
   */
  onFollowing(again: boolean): void;
}

export interface AudienceLive {
  /** Follow again: a new token, or the page's slug changed. */
  refollow(): void;
  stop(): void;
}

/**
 * The live page: the page's public room (the musician's changes) and the requester's own
 * statuses. An enhancement only: socket.io-client is loaded after the page is up, and while it
 * is unavailable the statuses are polled instead.
 */
export function startAudienceLive(options: AudienceLiveOptions): AudienceLive {
  let socket: AudienceSocket | null = null;
  let stopped = false;
  let connectedBefore = false;
  const poller = createPoller(options.pollStatuses, STATUS_POLL_MS);

  function follow(then?: (ok: boolean) => void) {
    if (!socket?.connected) return;
    socket.emit('page:follow', options.slug(), then ?? (() => {}));
    const tokens = options.tokens();
    if (tokens.length > 0) {
      socket.emit('request:follow', tokens, (statuses) => statuses.forEach(options.onStatus));
    }
  }

  function fallBack() {
    if (!stopped && !poller.running) poller.start();
  }

  import('socket.io-client')
    .then(({ io }) => {
      if (stopped) return;
      const live: AudienceSocket = io(AUDIENCE_NAMESPACE, { path: '/socket.io' });
      socket = live;
      live.on('connect', () => {
        poller.stop();
        const again = connectedBefore;
        connectedBefore = true;
        follow((ok) => {
          if (ok && !stopped) options.onFollowing(again);
        });
      });
      live.on('disconnect', fallBack);
      live.on('connect_error', fallBack);
      live.on('page:changed', options.onPageChange);
      live.on('request:status', options.onStatus);
    })
    .catch(fallBack);

  return {
    refollow: () => follow(),
    stop() {
      stopped = true;
      poller.stop();
      socket?.removeAllListeners();
      socket?.disconnect();
    },
  };
}
