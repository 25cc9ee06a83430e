import type { SongRequest } from '#shared/schemas/request.ts';

/** The moves the server treats as final (spec section 4): they wait for an Undo first. */
export type FinalMove = 'played' | 'rejected';

/** How long a final move can be undone before it is sent. */
export const UNDO_WINDOW_MS = 6000;

/**
 * One press of Played or Reject (one request, or a batch from the Requests tab). While
 * `waiting` it can be undone; once `sending`, the server has it and only the answer is awaited.
 */
export interface PendingMove {
  id: number;
  status: FinalMove;
  /** The requests as they were when the button was pressed; what is left to settle. */
  requests: readonly SongRequest[];
  state: 'waiting' | 'sending';
  /** When the move was made (ms since the epoch): the card's new "updated" time on screen. */
  madeAt: number;
}

export interface PendingMovesOptions {
  windowMs?: number;
  /** PUTs the status; `keepalive` when the page is going away, so the browser still sends it. */
  send(request: SongRequest, status: FinalMove, keepalive: boolean): Promise<SongRequest>;
  /** The server's answer for one request. */
  onSent(request: SongRequest): void;
  /** The server refused (another device moved it first) or could not be reached. */
  onFailed(request: SongRequest, error: unknown): void;
  /** Every change of the list: the screens re-render from it. */
  onChange(moves: readonly PendingMove[]): void;
  now?: () => number;
}

export interface PendingMoves {
  /** Starts the undo window; the screens show the requests moved at once. */
  add(requests: readonly SongRequest[], status: FinalMove): PendingMove;
  /** Cancels a waiting move: nothing is sent. False when it is already on its way. */
  undo(id: number): boolean;
  /** Sends every waiting move now (the page is being hidden or closed). */
  flush(keepalive: boolean): Promise<void>;
  list(): readonly PendingMove[];
}

/**
 * Final moves held back for an undo window, then sent. Other devices see the move only when it
 * is sent: until then it exists on this screen alone, which is what makes Undo free of side
 * effects (no requester is told "Played" and then "Pending" again).
 */
export function createPendingMoves(options: PendingMovesOptions): PendingMoves {
  const windowMs = options.windowMs ?? UNDO_WINDOW_MS;
  const now = options.now ?? Date.now;
  let moves: readonly PendingMove[] = [];
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  let nextId = 0;

  function update(next: readonly PendingMove[]) {
    moves = next;
    options.onChange(moves);
  }

  function replace(id: number, change: (move: PendingMove) => PendingMove | null) {
    update(
      moves.flatMap((move) => {
        if (move.id !== id) return [move];
        const changed = change(move);
        return changed ? [changed] : [];
      }),
    );
  }

  /** Drops one settled request from its move; the move goes once all of them are settled. */
  function settle(id: number, requestId: string) {
    replace(id, (move) => {
      const left = move.requests.filter((request) => request.id !== requestId);
      return left.length > 0 ? { ...move, requests: left } : null;
    });
  }

  async function send(id: number, keepalive: boolean) {
    const move = moves.find((candidate) => candidate.id === id);
    if (!move || move.state !== 'waiting') return;
    clearTimeout(timers.get(id));
    timers.delete(id);
    replace(id, (current) => ({ ...current, state: 'sending' }));
    await Promise.all(
      move.requests.map(async (request) => {
        try {
          const answer = await options.send(request, move.status, keepalive);
          // The store takes the answer first, so the card does not flicker back meanwhile.
          options.onSent(answer);
        } catch (error) {
          options.onFailed(request, error);
        } finally {
          settle(id, request.id);
        }
      }),
    );
  }

  return {
    add(requests, status) {
      nextId += 1;
      const move: PendingMove = { id: nextId, status, requests, state: 'waiting', madeAt: now() };
      update([...moves, move]);
      timers.set(
        move.id,
        setTimeout(() => void send(move.id, false), windowMs),
      );
      return move;
    },

    undo(id) {
      const move = moves.find((candidate) => candidate.id === id);
      if (!move || move.state !== 'waiting') return false;
      clearTimeout(timers.get(id));
      timers.delete(id);
      replace(id, () => null);
      return true;
    },

    async flush(keepalive) {
      await Promise.all(moves.map((move) => send(move.id, keepalive)));
    },

    list: () => moves,
  };
}

/**
 * The requests as the screens show them: a request with a move under way already carries its
 * new status (and the time of the press, so it heads the Completed list).
 */
export function withPendingMoves(
  requests: readonly SongRequest[],
  moves: readonly PendingMove[],
): SongRequest[] {
  if (moves.length === 0) return [...requests];
  const moved = new Map<string, PendingMove>();
  for (const move of moves) for (const request of move.requests) moved.set(request.id, move);
  return requests.map((request) => {
    const move = moved.get(request.id);
    // A request already final on the server (another device was faster) shows as it is.
    if (!move || request.status === 'played' || request.status === 'rejected') return request;
    return { ...request, status: move.status, updated_at: new Date(move.madeAt).toISOString() };
  });
}
