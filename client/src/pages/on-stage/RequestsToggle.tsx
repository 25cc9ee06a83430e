import { useState } from 'react';
import { messages } from '#shared/messages.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { useAuthStore } from '#client/lib/session/auth-store.ts';
import { profileApi } from '#client/lib/session/profile-api.ts';

interface RequestsToggleProps {
  onError(message: string): void;
  /** No connection: switching would only flip back. */
  disabled?: boolean;
}

/** Requests ON/OFF: flips at once, and flips back if the server refuses. */
export function RequestsToggle({ onError, disabled }: RequestsToggleProps) {
  const enabled = useAuthStore((s) => s.musician?.requests_enabled ?? false);
  const [pending, setPending] = useState<boolean | null>(null);
  const shown = pending ?? enabled;

  async function toggle() {
    const next = !shown;
    setPending(next);
    try {
      useAuthStore.getState().setMusician(await profileApi.update({ requests_enabled: next }));
    } catch (error) {
      onError(errorMessage(error, messages.profileUpdateFailed));
    } finally {
      setPending(null);
    }
  }

  return (
    <button
      type="button"
      role="switch"
      aria-checked={shown}
      aria-label="Song requests"
      className={`requests-toggle ${shown ? 'is-on' : 'is-off'}`}
      disabled={disabled || pending !== null}
      onClick={() => void toggle()}
    >
      <span className="toggle-track" aria-hidden="true">
        <span className="toggle-thumb" />
      </span>
      Requests {shown ? 'ON' : 'OFF'}
    </button>
  );
}
