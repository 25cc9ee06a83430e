import { connectAudience } from '#client/live/audience-connection.ts';
import type { RequestStatusView } from '#shared/schemas/audience.ts';
import type { PageChange } from '#shared/realtime.ts';

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

/** The live page: the page's public room and the requester's own statuses (live/). */
export function startAudienceLive(options: AudienceLiveOptions): AudienceLive {
  return connectAudience({ ...options, poll: options.pollStatuses, pollMs: STATUS_POLL_MS });
}
