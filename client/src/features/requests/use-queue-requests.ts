import { useMemo } from 'react';
import type { SongRequest } from '#shared/schemas/request.ts';
import { withPendingMoves } from './pending-moves.ts';
import { usePendingMovesStore } from './pending-moves-store.ts';
import { selectRequests, useRequestsStore } from './requests-store.ts';

/** The musician's requests as every queue screen shows them: moves in their undo window applied. */
export function useQueueRequests(): SongRequest[] {
  const requests = useRequestsStore(selectRequests);
  const moves = usePendingMovesStore((s) => s.moves);
  return useMemo(() => withPendingMoves(requests, moves), [requests, moves]);
}
