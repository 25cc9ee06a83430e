import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '#client/lib/api-client.ts';
import { StatusMessage } from '#client/ui/StatusMessage.tsx';
import { messages } from '#shared/messages.ts';
import type { BlockedRequester } from '#shared/schemas/blocked-requester.ts';
import { blocklistApi } from './blocklist-api.ts';
import './blocklist.css';

/** The Profile tab's list of blocked requesters, each with Unblock. */
export function BlockedRequesters() {
  const [blocked, setBlocked] = useState<BlockedRequester[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const reload = useCallback(() => {
    blocklistApi.list().then(
      (answer) => {
        setBlocked(answer.blocked);
        setError(null);
      },
      (failure: unknown) => setError(errorMessage(failure, messages.blockedRequestersLoadFailed)),
    );
  }, []);
  useEffect(reload, [reload]);

  async function unblock(entry: BlockedRequester) {
    setBusy(entry.id);
    setError(null);
    try {
      await blocklistApi.unblock(entry.id);
    } catch (failure) {
      setError(errorMessage(failure, messages.unblockRequesterFailed));
    } finally {
      setBusy(null);
      reload();
    }
  }

  return (
    <section className="card blocked-requesters" aria-labelledby="blocked-requesters-title">
      <h3 id="blocked-requesters-title">Blocked requesters</h3>
      {blocked !== null && blocked.length === 0 && (
        <p className="muted">{messages.blockedRequestersEmpty}</p>
      )}
      {blocked !== null && blocked.length > 0 && (
        <ul className="blocked-list" aria-label="Blocked requesters">
          {blocked.map((entry) => (
            <li key={entry.id} className="blocked-entry">
              <div className="blocked-who">
                <strong>{entry.requester_name || entry.email || 'Someone'}</strong>
                {entry.email && <span className="muted"> {entry.email}</span>}
                {entry.device_blocked && <span className="muted"> · and their phone</span>}
              </div>
              <button
                type="button"
                className="button button-ghost button-small"
                aria-label={`Unblock ${entry.requester_name || entry.email}`}
                disabled={busy === entry.id}
                onClick={() => void unblock(entry)}
              >
                Unblock
              </button>
            </li>
          ))}
        </ul>
      )}
      <StatusMessage tone="error">{error}</StatusMessage>
    </section>
  );
}
