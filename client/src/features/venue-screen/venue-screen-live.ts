import type { Socket } from 'socket.io-client';
import { createPoller } from '#client/live/poller.ts';
import {
  AUDIENCE_NAMESPACE,
  type AudienceClientToServerEvents,
  type AudienceServerToClientEvents,
  type PageChange,
} from '#shared/realtime.ts';

type AudienceSocket = Socket<AudienceServerToClientEvents, AudienceClientToServerEvents>;

/** While the socket is down, the screen reads its queue this often. */
export const SCREEN_POLL_MS = 5_000;

export interface ScreenLiveOptions {
  slug: string;
  onPageChange(change: PageChange): void;
  /** Following (again): changes arrive from now on, read what may have been missed. */
  onFollowing(): void;
  onConnection(connected: boolean): void;
  /** The polling fallback's tick. */
  poll(): Promise<void>;
}

/**
 * The screen follows its musician's public page room on the /audience namespace (the same
 * `page:changed` pushes as the audience page, `queue` among them); while the socket is down it
 * polls instead.
 */
export function startScreenLive(options: ScreenLiveOptions): () => void {
  let socket: AudienceSocket | null = null;
  let stopped = false;
  const poller = createPoller(options.poll, SCREEN_POLL_MS);

  const fallBack = () => {
    options.onConnection(false);
    if (!stopped && !poller.running) poller.start();
  };

  import('socket.io-client')
    .then(({ io }) => {
      if (stopped) return;
      const live: AudienceSocket = io(AUDIENCE_NAMESPACE, { path: '/socket.io' });
      socket = live;
      live.on('connect', () => {
        poller.stop();
        live.emit('page:follow', options.slug, (ok) => {
          if (stopped || !ok) return;
          options.onConnection(true);
          options.onFollowing();
        });
      });
      live.on('disconnect', fallBack);
      live.on('connect_error', fallBack);
      live.on('page:changed', options.onPageChange);
    })
    .catch(fallBack);

  return () => {
    stopped = true;
    poller.stop();
    socket?.disconnect();
  };
}
