import { useMemo } from 'react';
import type { SongRequest } from '#shared/schemas/request.ts';
import { selectRequestsById, useRequestsStore } from './requests-store.ts';

/** Every held request, as an array that changes only when the store does. */
export function useRequestList(): SongRequest[] {
  const byId = useRequestsStore(selectRequestsById);
  return useMemo(() => Object.values(byId), [byId]);
}
