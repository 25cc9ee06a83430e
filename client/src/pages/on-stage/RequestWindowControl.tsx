import { useState } from 'react';
import { messages } from '#shared/messages.ts';
import type { ProfileUpdateBody } from '#shared/schemas/musician.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { useAuthStore } from '#client/lib/session/auth-store.ts';
import { profileApi } from '#client/lib/session/profile-api.ts';
import { useNow } from '#client/lib/use-now.ts';
import {
  clockTimeNear,
  clockValue,
  extendedClose,
  stageCountdown,
} from './request-window-times.ts';

interface RequestWindowControlProps {
  onError(message: string): void;
  disabled?: boolean;
}

/**
 * The request window on the stage screen (issue 22): the countdown with one tap for "+10 min",
 * and the open and close times (clock times within 12 hours of now). The server switches
 * requests at the times; this only saves them.
 */
export function RequestWindowControl({ onError, disabled }: RequestWindowControlProps) {
  const musician = useAuthStore((s) => s.musician);
  const now = useNow(15_000);
  const [saving, setSaving] = useState(false);
  if (!musician) return null;
  const countdown = stageCountdown(musician, now);

  async function save(body: ProfileUpdateBody) {
    setSaving(true);
    try {
      useAuthStore.getState().setMusician(await profileApi.update(body));
    } catch (error) {
      onError(errorMessage(error, messages.requestWindowSaveFailed));
    } finally {
      setSaving(false);
    }
  }

  const timeChanged =
    (field: 'requests_open_at' | 'requests_close_at') =>
    (event: React.ChangeEvent<HTMLInputElement>) => {
      const { value } = event.target;
      if (value === '') return void save({ [field]: null });
      const time = clockTimeNear(value, Date.now());
      if (time) void save({ [field]: time.toISOString() });
    };

  const busy = disabled || saving;
  return (
    <div className="request-window" role="group" aria-label={messages.requestWindowTitle}>
      {countdown && (
        <span className="request-window-countdown" role="status">
          {countdown}
        </span>
      )}
      {musician.requests_close_at && (
        <button
          type="button"
          className="button request-window-extend"
          disabled={busy}
          onClick={() =>
            void save({ requests_close_at: extendedClose(musician.requests_close_at, Date.now()) })
          }
        >
          {messages.requestWindowExtend}
        </button>
      )}
      <details className="request-window-times">
        <summary>{messages.requestWindowTitle}</summary>
        <label>
          {messages.requestWindowOpensAt}
          <input
            type="time"
            name="requests_open_at"
            value={clockValue(musician.requests_open_at)}
            disabled={busy}
            onChange={timeChanged('requests_open_at')}
          />
        </label>
        <label>
          {messages.requestWindowClosesAt}
          <input
            type="time"
            name="requests_close_at"
            value={clockValue(musician.requests_close_at)}
            disabled={busy}
            onChange={timeChanged('requests_close_at')}
          />
        </label>
        <button
          type="button"
          className="button button-ghost"
          disabled={busy || (!musician.requests_open_at && !musician.requests_close_at)}
          onClick={() => void save({ requests_open_at: null, requests_close_at: null })}
        >
          {messages.requestWindowClear}
        </button>
      </details>
    </div>
  );
}
