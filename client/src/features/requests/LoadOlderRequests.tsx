import { useState } from 'react';
import { messages } from '#shared/messages.ts';
import { useAuthStore } from '#client/lib/session/auth-store.ts';
import { loadOlderRequests } from './load-older-requests.ts';
import { useRequestsStore } from './requests-store.ts';

interface LoadOlderRequestsProps {
  /** How many requests the list holds, and how many it shows now. */
  held: number;
  shown: number;
  /** Show another page's worth of the held requests. */
  onShowMore(): void;
}

/**
 * The end of the Requests tab's list: shows more of what is held, and when everything held is
 * shown, fetches the next page of older history from the server (the first load and polls bring
 * only the working set, so months of history are never sent unasked).
 */
export function LoadOlderRequests({ held, shown, onShowMore }: LoadOlderRequestsProps) {
  const musicianId = useAuthStore((state) => state.musician?.id);
  const olderCursor = useRequestsStore((state) => state.olderCursor);
  const olderStatus = useRequestsStore((state) => state.olderStatus);
  const [error, setError] = useState('');
  const canFetch = olderCursor !== null && musicianId !== undefined;
  if (shown >= held && !canFetch) {
    return held > 0 && shown > 0 ? <p className="muted">{messages.olderRequestsNone}</p> : null;
  }

  async function more() {
    setError('');
    if (shown < held) return onShowMore();
    if (!musicianId) return;
    const result = await loadOlderRequests(musicianId);
    if ('error' in result) setError(result.error);
    else if (result.loaded > 0) onShowMore();
  }

  const loading = olderStatus === 'loading';
  return (
    <div className="older-requests">
      <p className="muted">
        Showing {Math.min(shown, held)} of {held}
        {canFetch ? ' loaded' : ''}
      </p>
      <button
        type="button"
        className="button button-ghost button-small"
        onClick={() => void more()}
        disabled={loading}
      >
        {loading ? messages.olderRequestsLoading : messages.olderRequestsLoad}
      </button>
      {error && (
        <p className="status-message status-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
