import { create } from 'zustand';
import { fill } from '#shared/fill-message.ts';
import { messages } from '#shared/messages.ts';
import type { SongRequest } from '#shared/schemas/request.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { onBeforeSignOut } from '#client/lib/store-reset.ts';
import { useAuthStore } from '#client/lib/session/auth-store.ts';
import {
  createPendingMoves,
  type FinalMove,
  type PendingMove,
  type PendingMoves,
} from './pending-moves.ts';
import { requestsApi } from './requests-api.ts';
import { useRequestsStore } from './requests-store.ts';

interface PendingMovesState {
  moves: readonly PendingMove[];
  /** Why the last move the server refused was not saved (shown once, then cleared). */
  failure: { text: string; id: number } | null;
}

/**
 * The one list of Played / Reject moves waiting for their undo window, shared by every screen
 * of this tab, so switching dashboard tabs neither loses nor repeats a move. Not reset on
 * sign-out: a move made before it is still sent, with the token it was made under.
 */
export const usePendingMovesStore = create<PendingMovesState>(() => ({
  moves: [],
  failure: null,
}));

const tokens = new Map<string, string>();
let failures = 0;
let engine: PendingMoves | null = null;

function pendingMoves(): PendingMoves {
  if (engine) return engine;
  engine = createPendingMoves({
    async send(request, status, keepalive) {
      const token = tokens.get(request.id);
      tokens.delete(request.id);
      if (!token) throw new Error(messages.requestStatusNeedsLogin);
      return requestsApi.setStatusAs(token, request.id, status, keepalive);
    },
    onSent: (request) => useRequestsStore.getState().upsert(request),
    onFailed(request, error) {
      failures += 1;
      const detail = errorMessage(error, messages.requestStatusFailed);
      usePendingMovesStore.setState({
        failure: {
          text: fill(messages.requestMoveNotSaved, { song: request.song_title, detail }),
          id: failures,
        },
      });
      void resyncRequests();
    },
    onChange: (moves) => usePendingMovesStore.setState({ moves }),
  });
  // Hidden or closing: send what is waiting now, or it would be lost with the page. The
  // keepalive flag lets the browser finish the request after the page is gone.
  const flushNow = () => void engine?.flush(true);
  window.addEventListener('pagehide', flushNow);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushNow();
  });
  return engine;
}

/** The server refused a move: show the request as the server has it now. */
async function resyncRequests() {
  const musicianId = useAuthStore.getState().musician?.id;
  if (!musicianId) return;
  const startedAt = performance.now();
  try {
    const updates = await requestsApi.updates(musicianId);
    useRequestsStore.getState().applySnapshot(updates.requests, startedAt);
  } catch {
    // The live connection's next resync (or socket event) brings it.
  }
}

/**
 * Played or Reject: the screens show it at once, the server hears of it when the undo window
 * closes. False when signed out (nothing to send it with).
 */
export function makeFinalMove(requests: readonly SongRequest[], status: FinalMove): boolean {
  const token = useAuthStore.getState().token;
  if (!token || requests.length === 0) return false;
  for (const request of requests) tokens.set(request.id, token);
  pendingMoves().add(requests, status);
  return true;
}

export function undoFinalMove(id: number): void {
  const move = usePendingMovesStore.getState().moves.find((candidate) => candidate.id === id);
  if (!pendingMoves().undo(id) || !move) return;
  for (const request of move.requests) tokens.delete(request.id);
}

export function dismissMoveFailure(): void {
  usePendingMovesStore.setState({ failure: null });
}
// Signing out revokes the token the waiting moves were made under: send them first.
onBeforeSignOut(async () => {
  await engine?.flush(false);
});
