import type { ReactNode } from 'react';
import { ApiError } from '#client/lib/api-client.ts';
import type { AsyncState } from '#client/lib/use-async.ts';
import { LoadingState } from '#client/ui/LoadingState.tsx';
import { LoadFailed } from './LoadFailed.tsx';
import { MusicianNotFound } from './MusicianNotFound.tsx';

interface MusicianLoadGateProps<T> {
  state: AsyncState<T>;
  retry(): void;
  loadingLabel: string;
  children(data: T): ReactNode;
}

/** Loading, not found (404) or failed: the common states of the pages found by a slug. */
export function MusicianLoadGate<T>({
  state,
  retry,
  loadingLabel,
  children,
}: MusicianLoadGateProps<T>) {
  if (state.status === 'ready') return children(state.data);
  if (state.status === 'error') {
    if (state.error instanceof ApiError && state.error.status === 404) return <MusicianNotFound />;
    return <LoadFailed onRetry={retry} />;
  }
  return (
    <main className="centered-page">
      <LoadingState label={loadingLabel} />
    </main>
  );
}
