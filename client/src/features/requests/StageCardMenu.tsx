import { useState } from 'react';
import { fill } from '#shared/fill-message.ts';
import { messages } from '#shared/messages.ts';
import { REQUEST_MOVE_LABELS } from '#shared/request-status-labels.ts';
import type { SongRequest } from '#shared/schemas/request.ts';
import { ConfirmDialog } from '#client/ui/ConfirmDialog.tsx';
import { MoveButtons, RowMenu } from './MoveControls.tsx';

interface StageCardMenuProps {
  request: SongRequest;
  disabled: boolean;
  onReject(): void;
  /** The column it can be moved in, and where it stands there (none: no moves). */
  column?: { list: readonly SongRequest[]; index: number } | undefined;
  onMove(to: 'top' | 'bottom'): void;
  /** Blocks the requester, once confirmed; absent where blocking is not allowed (a stage device). */
  onBlock?: (() => void) | undefined;
}

/**
 * A stage card's "…": Reject (final, so never beside Played), the moves in its column and Block,
 * one tap away from the two big buttons. Block's confirmation lives outside the menu, which
 * closes as the dialog opens.
 */
export function StageCardMenu({
  request,
  disabled,
  onReject,
  column,
  onMove,
  onBlock,
}: StageCardMenuProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <RowMenu title={request.song_title}>
        {(close) => (
          <>
            <button
              type="button"
              className="move-menu-item menu-reject"
              disabled={disabled}
              onClick={() => {
                close();
                onReject();
              }}
            >
              {REQUEST_MOVE_LABELS.rejected}
            </button>
            {column && (
              <MoveButtons
                request={request}
                index={column.index}
                count={column.list.length}
                disabled={disabled}
                onMove={onMove}
                withText
                after={close}
              />
            )}
            {onBlock && (
              <button
                type="button"
                className="move-menu-item"
                aria-label={`Block ${request.requester_name}`}
                onClick={() => {
                  close();
                  setConfirming(true);
                }}
              >
                Block requester
              </button>
            )}
          </>
        )}
      </RowMenu>
      {onBlock && (
        <ConfirmDialog
          title="Block this requester?"
          message={fill(messages.blockRequesterConfirm, { name: request.requester_name })}
          confirmLabel="Block"
          open={confirming}
          onClose={() => setConfirming(false)}
          onConfirm={onBlock}
        />
      )}
    </>
  );
}
