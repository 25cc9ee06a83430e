import { fill } from '#shared/fill-message.ts';
import { messages } from '#shared/messages.ts';
import type { SongRequest } from '#shared/schemas/request.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { createPageStore, onBeforeSignOut } from '#client/lib/store-reset.ts';
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
 * The one list of Played / Reject moves still in their undo window, shared by every screen of
 * this tab, so switching dashboard tabs neither loses nor repeats a move or its Undo. Not reset
 * on sign-out: a move made before it is still answered, with the token it was made under.
 */
export const usePendingMovesStore = createPageStore<PendingMovesState>(() => ({
  moves: [],
  failure: null,
}));

/** The session token each request's move was made under: its Undo goes with the same one. */
const tokens = new Map<string, string>();
let failures = 0;
let engine: PendingMoves | null = null;

function pendingMoves(): PendingMoves {
  engine ??= createPendingMoves({
    async send(request, status) {
      const token = tokens.get(request.id);
      if (!token) throw new Error(messages.requestStatusNeedsLogin);
      // keepalive: a move made just before the page closes still reaches the server.
      return requestsApi.setStatusAs(token, request.id, status, true);
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
    onChange(moves) {
      usePendingMovesStore.setState({ moves });
      // A token is kept only while its request's move can still be undone.
      const held = new Set(moves.flatMap((move) => move.requests.map((request) => request.id)));
      for (const id of tokens.keys()) if (!held.has(id)) tokens.delete(id);
    },
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
 * Played or Reject: sent at once, so every screen and the requester's phone have it; the toast
 * offers Undo for UNDO_WINDOW_MS. False when signed out (nothing to send it with).
 */
export function makeFinalMove(requests: readonly SongRequest[], status: FinalMove): boolean {
  const token = useAuthStore.getState().token;
  if (!token || requests.length === 0) return false;
  for (const request of requests) tokens.set(request.id, token);
  pendingMoves().add(requests, status);
  return true;
}

/** Moves the requests back to the status they had; a second press of the same Undo does nothing. */
export function undoFinalMove(id: number): void {
  pendingMoves().undo(id);
}

export function dismissMoveFailure(): void {
  usePendingMovesStore.setState({ failure: null });
}
// Signing out revokes the token the moves were made under: let their answers arrive first.
onBeforeSignOut(async () => {
  await engine?.settled();
});
