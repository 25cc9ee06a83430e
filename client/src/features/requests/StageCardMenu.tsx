import { REQUEST_MOVE_LABELS } from '#shared/request-status-labels.ts';
import type { SongRequest } from '#shared/schemas/request.ts';
import { MoveButtons, RowMenu } from './MoveControls.tsx';

interface StageCardMenuProps {
  request: SongRequest;
  disabled: boolean;
  onReject(): void;
  /** The column it can be moved in, and where it stands there (none: no moves). */
  column?: { list: readonly SongRequest[]; index: number } | undefined;
  onMove(to: 'top' | 'bottom'): void;
}

/**
 * A stage card's "…": Reject (final, so never beside Played) and the moves in its column, one
 * tap away from the two big buttons.
 */
export function StageCardMenu({ request, disabled, onReject, column, onMove }: StageCardMenuProps) {
  return (
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
        </>
      )}
    </RowMenu>
  );
}
