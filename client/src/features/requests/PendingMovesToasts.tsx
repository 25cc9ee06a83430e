import { useEffect } from 'react';
import { fill, plural } from '#shared/fill-message.ts';
import { messages } from '#shared/messages.ts';
import { STATUS_TOAST_MS } from '#shared/limits.ts';
import type { PendingMove } from './pending-moves.ts';
import { dismissMoveFailure, undoFinalMove, usePendingMovesStore } from './pending-moves-store.ts';

function moveText(move: PendingMove): string {
  const [first] = move.requests;
  const song =
    move.requests.length === 1 && first
      ? first.song_title
      : fill(messages.requestUndoCount, {
          requests: plural(move.requests.length, 'request', 'requests'),
        });
  return fill(
    move.status === 'played' ? messages.requestUndoPlayed : messages.requestUndoRejected,
    {
      song,
    },
  );
}

/**
 * One bar per Played / Reject still in its undo window, newest at the bottom, each with its own
 * Undo; the move itself has already gone out, so nothing waits for the bar. A move being undone
 * leaves at the press. Also says when the server refused a move or its undo.
 */
export function PendingMovesToasts() {
  const moves = usePendingMovesStore((s) => s.moves);
  const failure = usePendingMovesStore((s) => s.failure);
  const undoable = moves.filter((move) => move.state !== 'undoing');

  useEffect(() => {
    if (!failure) return;
    const timer = setTimeout(dismissMoveFailure, STATUS_TOAST_MS * 2);
    return () => clearTimeout(timer);
  }, [failure]);

  return (
    <div className="undo-region" aria-live="polite">
      {undoable.map((move) => (
        <p key={move.id} className="undo-toast" role="status">
          <span>{moveText(move)}</span>
          <button
            type="button"
            className="button button-small undo-button"
            onClick={() => undoFinalMove(move.id)}
          >
            Undo
          </button>
        </p>
      ))}
      {failure && (
        <p key={failure.id} className="undo-toast undo-failure" role="alert">
          {failure.text}
        </p>
      )}
    </div>
  );
}
