import {
  FEED_CLOSE,
  FEED_PATH,
  FeedMessage,
  isFinalFeedClose,
  type FeedMessage as FeedMessageType,
} from '#shared/schemas/feed.ts';

/** live: hello received; down: between attempts; refused: the token will never work. */
export type OverlayConnection =
  { state: 'connecting' | 'live' | 'down' } | { state: 'refused'; reason: string };

interface Handlers {
  onMessage(message: FeedMessageType): void;
  onConnection(connection: OverlayConnection): void;
}

/** Waits between attempts: 1 s, 2 s, 4 s ... up to 30 s, each somewhat shortened at random. */
const FIRST_DELAY_MS = 1000;
const LONGEST_DELAY_MS = 30_000;

export function reconnectDelay(attempt: number, random = Math.random): number {
  const ceiling = Math.min(LONGEST_DELAY_MS, FIRST_DELAY_MS * 2 ** attempt);
  // Jitter: a server restart does not bring every overlay back in the same millisecond.
  return Math.round(ceiling * (0.5 + random() / 2));
}

/** The feed's address on this page's own host (the overlay is served by the same server). */
export function feedAddress(location: Location, token: string): string {
  const url = new URL(FEED_PATH, location.href);
  url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * Keeps one WebSocket to the feed open: reconnects after any close with a growing delay, and
 * gives up only when the server refuses the token (4401). Returns the function that stops it.
 */
export function followFeed(address: string, handlers: Handlers): () => void {
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let stopped = false;

  function connect() {
    handlers.onConnection({ state: attempt === 0 ? 'connecting' : 'down' });
    const current = new WebSocket(address);
    socket = current;
    current.onmessage = (event: MessageEvent) => {
      if (typeof event.data !== 'string') return;
      let parsed;
      try {
        parsed = FeedMessage.safeParse(JSON.parse(event.data));
      } catch {
        return;
      }
      // A message type this page does not know yet (a newer server) is skipped, not fatal.
      if (!parsed.success) return;
      if (parsed.data.type === 'hello') {
        attempt = 0;
        handlers.onConnection({ state: 'live' });
      }
      handlers.onMessage(parsed.data);
    };
    current.onclose = (event: CloseEvent) => {
      if (stopped || socket !== current) return;
      socket = null;
      if (isFinalFeedClose(event.code)) {
        handlers.onConnection({ state: 'refused', reason: event.reason });
        return;
      }
      handlers.onConnection({ state: 'down' });
      // Too many feeds open: no use knocking again soon.
      const extra = event.code === FEED_CLOSE.tooManyFeeds ? 3 : 0;
      timer = setTimeout(connect, reconnectDelay(attempt + extra));
      attempt += 1;
    };
  }

  connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    socket?.close();
    socket = null;
  };
}
