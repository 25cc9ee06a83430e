import type { Socket } from 'socket.io-client';
import type { RequestStatusView } from '#shared/schemas/audience.ts';
import {
  AUDIENCE_NAMESPACE,
  type AudienceClientToServerEvents,
  type AudienceServerToClientEvents,
  type PageChange,
} from '#shared/realtime.ts';
import { createPoller } from './poller.ts';

type AudienceSocket = Socket<AudienceServerToClientEvents, AudienceClientToServerEvents>;

export interface AudienceConnectionOptions {
  slug(): string;
  /** The requester's status tokens still worth following (none on the venue screen). */
  tokens?(): string[];
  onPageChange(change: PageChange): void;
  onStatus?(status: RequestStatusView): void;
  /**
   * The page room is joined: changes from now on arrive. `again` after a disconnection that
   * may have missed some; else the first time.
   */
  onFollowing(again: boolean): void;
  /** The socket is up and following (true), or down and polling (false). */
  onConnection?(connected: boolean): void;
  /** The polling fallback's tick, every `pollMs` while the socket is unavailable. */
  poll(): Promise<void>;
  pollMs: number;
}

export interface AudienceConnection {
  /** Follow again: a new token, or the page's slug changed. */
  refollow(): void;
  stop(): void;
}

/**
 * The one connection of a public page (the audience page, the venue screen) to the /audience
 * namespace: the musician's public room and, on a phone, its requester's own statuses. An
 * enhancement only: socket.io-client is loaded after the page is up, and while it is unavailable
 * the page polls instead.
 */
export function connectAudience(options: AudienceConnectionOptions): AudienceConnection {
  let socket: AudienceSocket | null = null;
  let stopped = false;
  let connectedBefore = false;
  const poller = createPoller(options.poll, options.pollMs);

  function follow(then?: (ok: boolean) => void) {
    if (!socket?.connected) return;
    socket.emit('page:follow', options.slug(), then ?? (() => {}));
    const tokens = options.tokens?.() ?? [];
    if (tokens.length > 0 && options.onStatus) {
      const onStatus = options.onStatus;
      socket.emit('request:follow', tokens, (statuses) => statuses.forEach(onStatus));
    }
  }

  function fallBack() {
    options.onConnection?.(false);
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
          if (!ok || stopped) return;
          options.onConnection?.(true);
          options.onFollowing(again);
        });
      });
      live.on('disconnect', fallBack);
      live.on('connect_error', fallBack);
      live.on('page:changed', options.onPageChange);
      if (options.onStatus) live.on('request:status', options.onStatus);
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
