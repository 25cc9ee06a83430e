import { connectAudience } from '#client/live/audience-connection.ts';
import type { PageChange } from '#shared/realtime.ts';

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
 * `page:changed` pushes as the audience page, `queue` among them), through the one public-page
 * connection (live/audience-connection.ts); while the socket is down it polls instead.
 */
export function startScreenLive(options: ScreenLiveOptions): () => void {
  const connection = connectAudience({
    slug: () => options.slug,
    onPageChange: options.onPageChange,
    onFollowing: () => options.onFollowing(),
    onConnection: options.onConnection,
    poll: options.poll,
    pollMs: SCREEN_POLL_MS,
  });
  return () => connection.stop();
}
