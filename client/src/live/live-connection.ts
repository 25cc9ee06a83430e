import { io, type Socket } from 'socket.io-client';
import { messages } from '#shared/messages.ts';
import {
  MUSICIAN_ROUTE_PARAM,
  type ClientToServerEvents,
  type ServerEventName,
  type ServerToClientEvents,
} from '#shared/realtime.ts';
import { holdStoresFor } from '#client/lib/store-reset.ts';
import { createPoller } from './poller.ts';
import { useLiveStore, type LiveStatus } from './live-store.ts';

type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Applies a fetched list to the stores; `fetchStartedAt` (performance.now()) dates the fetch. */
type ApplyFetched = (fetchStartedAt: number) => void;

/**
 * What the live data is and where it goes, plugged in from above (app/live-wiring.ts) so that
 * this module imports no feature. Fetches resolve to the step that applies their answer, which
 * is skipped when the session stopped meanwhile.
 */
export interface LiveWiring {
  /** Where each socket event goes. */
  events: ServerToClientEvents;
  /** Requests and suggestions: the first load, every poll and every resync. */
  fetchUpdates(musicianId: string): Promise<ApplyFetched>;
  /** The shows: the first load, every poll, and after a reconnection that may have missed events. */
  fetchShows(): Promise<ApplyFetched>;
  /**
   * After a reconnection that may have missed events: refetch what has no delta endpoint (songs,
   * playlists), where it is loaded. Never throws.
   */
  refetchAfterGap(): void;
  /** The first complete list has arrived (and stays shown through later failures). */
  isLoaded(): boolean;
  loadFailed(error: unknown): void;
  /** Any authenticated call: a 401 ends the session through the API client. */
  checkSession(): Promise<unknown>;
}

let wiring: LiveWiring | null = null;

/** Set once at start-up (main.tsx). */
export function connectLive(live: LiveWiring): void {
  wiring = live;
}

function wired(): LiveWiring {
  if (!wiring) throw new Error('connectLive() must run before startLive()');
  return wiring;
}

interface LiveOptions {
  token: string;
  musicianId: string;
  /** Polling interval while the socket is down: 3 s on the dashboard, 5 s On Stage. */
  pollMs: number;
}

/** How long to wait before asking whether a session the server closed is really over. */
const SESSION_CHECK_DELAY_MS = 1000;

let stopCurrent: (() => void) | null = null;

/**
 * The one place that talks to the socket: loads the musician's requests, suggestions and shows,
 * hands socket events to the stores, and polls while the socket is down. Returns a stop
 * function; starting again replaces the previous session.
 */
export function startLive({ token, musicianId, pollMs }: LiveOptions): () => void {
  const live = wired();
  stopCurrent?.();
  holdStoresFor(musicianId);
  useLiveStore.setState({ status: 'connecting', pollMs });

  let stopped = false;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const later = (run: () => void, ms: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopped) run();
    }, ms);
    timers.add(timer);
  };
  const setStatus = (status: LiveStatus) => {
    if (!stopped) useLiveStore.setState({ status });
  };

  /** Complete lists from REST, applied idempotently over what the socket already delivered. */
  async function resync(withShows: boolean) {
    const startedAt = performance.now();
    const showsLoad = withShows ? loadShows() : Promise.resolve();
    try {
      const apply = await live.fetchUpdates(musicianId);
      if (!stopped) apply(startedAt);
    } catch (error) {
      if (!stopped) live.loadFailed(error);
      throw error;
    } finally {
      await showsLoad;
    }
  }

  async function loadShows() {
    const startedAt = performance.now();
    try {
      const apply = await live.fetchShows();
      if (!stopped) apply(startedAt);
    } catch {
      // The next resync tries again; requests matter more than the shows list.
    }
  }

  // Each poll asks only for changes (requests-store's `since`) and refreshes the shows list.
  const poller = createPoller(async () => {
    try {
      await resync(true);
      if (!socket.connected) setStatus('polling');
    } catch (error) {
      if (!socket.connected) setStatus('reconnecting');
      throw error;
    }
  }, pollMs);

  function fallBackToPolling() {
    if (stopped || socket.connected) return;
    if (!poller.running) {
      setStatus('reconnecting');
      poller.start();
    }
  }

  /**
   * The server refused or closed the socket: is the session over? A 401 ends it through the API
   * client, which stops this module; otherwise poll and try the socket again.
   */
  function checkSession() {
    later(() => {
      void live
        .checkSession()
        .catch(() => {})
        .finally(() => {
          fallBackToPolling();
          later(() => socket.connect(), pollMs);
        });
    }, SESSION_CHECK_DELAY_MS);
  }

  // The musician named in the URL too: a balancer keeps a musician's devices on one server
  // process by it (deploy/haproxy.cfg), so their events wake one process, not three.
  const socket: LiveSocket = io({
    path: '/socket.io',
    auth: { token },
    query: { [MUSICIAN_ROUTE_PARAM]: musicianId },
  });
  let connectedBefore = false;

  socket.on('connect', () => {
    poller.stop();
    setStatus('live');
    // Always fetch what changed since the last look (a `since` poll, cheap): even a recovered
    // socket can miss an event sent while the server re-ran its auth check on the way back.
    // The shows too, unless the session was recovered: on the first connect as well, since the
    // first load read them before this socket was in its rooms, and a show started in between
    // (another device, a moment after this screen opened) was never pushed here.
    void resync(!socket.recovered).catch(() => {});
    if (connectedBefore && !socket.recovered) live.refetchAfterGap();
    connectedBefore = true;
  });

  socket.on('disconnect', (reason) => {
    if (stopped || reason === 'io client disconnect') return;
    // The server closes a session's sockets when it ends (logout, password reset). On this
    // device the logout itself ends the session meanwhile; wait before asking.
    if (reason === 'io server disconnect') checkSession();
    else fallBackToPolling();
  });

  socket.on('connect_error', (error) => {
    const refused =
      error.message === messages.sessionExpired || error.message === messages.socketAuthMissing;
    if (refused) return checkSession();
    fallBackToPolling();
    if (!socket.active) later(() => socket.connect(), pollMs); // else Socket.IO retries itself
  });

  for (const name of Object.keys(live.events) as ServerEventName[]) {
    socket.on(name, live.events[name]);
  }

  // The first load; while it fails with the socket up (so no polling), try again now and then.
  const firstLoad = () =>
    resync(true).catch(() => {
      fallBackToPolling();
      if (!live.isLoaded() && socket.connected) later(firstLoad, pollMs);
    });
  void firstLoad();

  const stop = () => {
    if (stopped) return;
    stopped = true;
    poller.stop();
    for (const timer of timers) clearTimeout(timer);
    socket.removeAllListeners();
    socket.disconnect();
    useLiveStore.setState({ status: 'idle' });
    if (stopCurrent === stop) stopCurrent = null;
  };
  stopCurrent = stop;
  return stop;
}
