import { io, type Socket } from 'socket.io-client';
import { messages } from '#shared/messages.ts';
import type { ClientToServerEvents, ServerToClientEvents } from '#shared/realtime.ts';
import { authApi } from '#client/features/auth/auth-api.ts';
import { useAuthStore } from '#client/features/auth/auth-store.ts';
import { requestsApi } from '#client/features/requests/requests-api.ts';
import { useRequestsStore } from '#client/features/requests/requests-store.ts';
import { showsApi } from '#client/features/shows/shows-api.ts';
import { useShowsStore } from '#client/features/shows/shows-store.ts';
import { useSuggestionsStore } from '#client/features/suggestions/suggestions-store.ts';
import { createPoller } from './poller.ts';
import { useLiveStore, type LiveStatus } from './live-store.ts';

type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface LiveOptions {
  token: string;
  musicianId: string;
  /** Polling interval while the socket is down: 3 s on the dashboard, 5 s On Stage. */
  pollMs: number;
}

/** Empties every live store (another musician signs in, tests). */
export function resetLiveStores(): void {
  useRequestsStore.getState().reset();
  useSuggestionsStore.getState().reset();
  useShowsStore.getState().reset();
  useLiveStore.getState().reset();
}

/** How long to wait before asking whether a session the server closed is really over. */
const SESSION_CHECK_DELAY_MS = 1000;

let stopCurrent: (() => void) | null = null;

/**
 * The one place that talks to the socket: loads the musician's requests, suggestions and shows,
 * applies socket events to the stores, and polls while the socket is down. Returns a stop
 * function; starting again replaces the previous session.
 */
export function startLive({ token, musicianId, pollMs }: LiveOptions): () => void {
  stopCurrent?.();
  if (useLiveStore.getState().musicianId !== musicianId) resetLiveStores();
  useLiveStore.setState({ musicianId, status: 'connecting' });

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
      const updates = await requestsApi.updates(musicianId);
      if (stopped) return;
      useRequestsStore.getState().applySnapshot(updates.requests, startedAt);
      useSuggestionsStore.getState().applySnapshot(updates.suggestions, startedAt);
      useLiveStore.setState({ loaded: true, loadError: null });
    } catch (error) {
      if (!stopped && !useLiveStore.getState().loaded) useLiveStore.setState({ loadError: error });
      throw error;
    } finally {
      await showsLoad;
    }
  }

  async function loadShows() {
    try {
      const [current, list] = await Promise.all([showsApi.current(), showsApi.list()]);
      if (stopped) return;
      useShowsStore.getState().setList(list);
      useShowsStore.getState().applyCurrent(current);
    } catch {
      // The next resync tries again; requests matter more than the shows list.
    }
  }

  const poller = createPoller(async () => {
    try {
      await resync(false);
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
      void authApi
        .profile()
        .catch(() => {})
        .finally(() => {
          fallBackToPolling();
          later(() => socket.connect(), pollMs);
        });
    }, SESSION_CHECK_DELAY_MS);
  }

  const socket: LiveSocket = io({ path: '/socket.io', auth: { token } });
  let connectedBefore = false;

  socket.on('connect', () => {
    poller.stop();
    setStatus('live');
    // A recovered socket got what it missed; otherwise fetch once what may have been missed.
    if (!socket.recovered || !connectedBefore) void resync(connectedBefore).catch(() => {});
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

  const requests = useRequestsStore.getState();
  const suggestions = useSuggestionsStore.getState();
  const shows = useShowsStore.getState();
  socket.on('request:created', requests.upsert);
  socket.on('request:updated', requests.upsert);
  socket.on('request:deleted', ({ id }) => requests.remove(id));
  socket.on('suggestion:created', suggestions.upsert);
  socket.on('suggestion:updated', suggestions.upsert);
  socket.on('suggestion:deleted', ({ id }) => suggestions.remove(id));
  socket.on('show:updated', (current) => shows.applyCurrent(current));
  socket.on('show:changed', shows.upsert);
  socket.on('show:deleted', ({ id }) => shows.remove(id));
  socket.on('profile:updated', (musician) => useAuthStore.getState().setMusician(musician));

  // The first load; while it fails with the socket up (so no polling), try again now and then.
  const firstLoad = () =>
    resync(true).catch(() => {
      fallBackToPolling();
      if (!useLiveStore.getState().loaded && socket.connected) later(firstLoad, pollMs);
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
