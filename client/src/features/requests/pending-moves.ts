import { UNDO_WINDOW_MS } from '#shared/limits.ts';
import type { RequestStatus, SongRequest } from '#shared/schemas/request.ts';

/** The moves the spec calls final (section 4): they can be undone for a while (issue 22). */
export type FinalMove = 'played' | 'rejected';

export { UNDO_WINDOW_MS };

/**
 * One press of Played or Reject (one request, or a batch from the Requests tab). It is sent at
 * once (`sending`), so every screen, the requester's phone and the feed hear of it; once the
 * server has it (`sent`) the toast offers Undo until the window closes; `undoing` while the
 * move back is on its way.
 */
export interface PendingMove {
  id: number;
  status: FinalMove;
  /** The requests as they were when the button was pressed: Undo moves them back to this. */
  requests: readonly SongRequest[];
  state: 'sending' | 'sent' | 'undoing';
  /** When the move was made (ms since the epoch): the card's new "updated" time on screen. */
  madeAt: number;
}

export interface PendingMovesOptions {
  windowMs?: number;
  /** PUTs the status (the move, or the move back to the status it had). */
  send(request: SongRequest, status: RequestStatus): Promise<SongRequest>;
  /** The server's answer for one request. */
  onSent(request: SongRequest): void;
  /** The server refused (another device moved it first, the window closed) or was not reached. */
  onFailed(request: SongRequest, error: unknown): void;
  /** Every change of the list: the screens re-render from it. */
  onChange(moves: readonly PendingMove[]): void;
  now?: () => number;
}

export interface PendingMoves {
  /** Sends the move now and opens its undo window. */
  add(requests: readonly SongRequest[], status: FinalMove): PendingMove;
  /**
   * Sends the move back to the status each request had. Once per move: false when it is already
   * being undone, gone, or its window has closed (pressing Undo twenty times moves it back once).
   */
  undo(id: number): boolean;
  /** Resolves when every move and undo on its way has been answered (before a sign-out). */
  settled(): Promise<void>;
  list(): readonly PendingMove[];
}

/** Played and Reject, sent at once, with an Undo the server honours for UNDO_WINDOW_MS. */
export function createPendingMoves(options: PendingMovesOptions): PendingMoves {
  const windowMs = options.windowMs ?? UNDO_WINDOW_MS;
  const now = options.now ?? Date.now;
  let moves: readonly PendingMove[] = [];
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  /** The PUTs of each move (or of its undo) still waiting for their answer. */
  const inFlight = new Map<number, Promise<void>>();
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

  function drop(id: number) {
    clearTimeout(timers.get(id));
    timers.delete(id);
    replace(id, () => null);
  }

  /** Sends `statusOf(request)` for every request of the move; the refused ones leave it. */
  async function sendAll(move: PendingMove, statusOf: (request: SongRequest) => RequestStatus) {
    const refused = new Set<string>();
    await Promise.all(
      move.requests.map(async (request) => {
        try {
          // The store takes the answer, so the card does not flicker back meanwhile.
          options.onSent(await options.send(request, statusOf(request)));
        } catch (error) {
          refused.add(request.id);
          options.onFailed(request, error);
        }
      }),
    );
    return refused;
  }

  return {
    add(requests, status) {
      nextId += 1;
      const move: PendingMove = { id: nextId, status, requests, state: 'sending', madeAt: now() };
      update([...moves, move]);
      timers.set(
        move.id,
        setTimeout(() => {
          // Undo is offered no longer; an undo already on its way finishes on its own.
          const current = moves.find((candidate) => candidate.id === move.id);
          if (current && current.state !== 'undoing') drop(move.id);
        }, windowMs),
      );
      const sending: Promise<void> = sendAll(move, () => status).then((refused) => {
        // An undo pressed meanwhile has taken its place in `inFlight`: leave that one.
        if (inFlight.get(move.id) === sending) inFlight.delete(move.id);
        replace(move.id, (current) => {
          const left = current.requests.filter((request) => !refused.has(request.id));
          if (left.length === 0) return null;
          return {
            ...current,
            requests: left,
            state: current.state === 'undoing' ? 'undoing' : 'sent',
          };
        });
        if (!moves.some((candidate) => candidate.id === move.id)) drop(move.id);
      });
      inFlight.set(move.id, sending);
      return move;
    },

    undo(id) {
      const move = moves.find((candidate) => candidate.id === id);
      if (!move || move.state === 'undoing' || now() - move.madeAt >= windowMs) return false;
      replace(id, (current) => ({ ...current, state: 'undoing' }));
      const undoing = (async () => {
        // Pressed while the move is still on its way: the move back follows its answer.
        await inFlight.get(id);
        const current = moves.find((candidate) => candidate.id === id);
        if (current) await sendAll(current, (request) => request.status);
        inFlight.delete(id);
        drop(id);
      })();
      inFlight.set(id, undoing);
      return true;
    },

    async settled() {
      while (inFlight.size > 0) await Promise.all(inFlight.values());
    },

    list: () => moves,
  };
}

/**
 * The requests as the screens show them: a request whose move is on its way already carries its
 * new status (and the time of the press, so it heads the Completed list); one being undone
 * shows the status it goes back to. Once the server has answered, its answer is shown.
 */
export function withPendingMoves(
  requests: readonly SongRequest[],
  moves: readonly PendingMove[],
): SongRequest[] {
  const shown = new Map<string, (request: SongRequest) => SongRequest>();
  for (const move of moves) {
    for (const pressed of move.requests) {
      if (move.state === 'sending') {
        shown.set(pressed.id, (request) =>
          // A request already final on the server (another device was faster) shows as it is.
          request.status === 'played' || request.status === 'rejected'
            ? request
            : { ...request, status: move.status, updated_at: new Date(move.madeAt).toISOString() },
        );
      } else if (move.state === 'undoing') {
        shown.set(pressed.id, (request) => ({ ...request, status: pressed.status }));
      }
    }
  }
  if (shown.size === 0) return [...requests];
  return requests.map((request) => shown.get(request.id)?.(request) ?? request);
}
