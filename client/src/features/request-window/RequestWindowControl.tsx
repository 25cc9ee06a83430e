import { useBusy } from '#client/lib/use-busy.ts';
import { messages } from '#shared/messages.ts';
import type { ProfileUpdateBody } from '#shared/schemas/musician.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { useAuthStore } from '#client/lib/session/auth-store.ts';
import { profileApi } from '#client/lib/session/profile-api.ts';
import { useNow } from '#client/lib/use-now.ts';
import { Icon } from '#client/ui/icons.tsx';
import { extendedClose, stageCountdown } from './request-window-times.ts';
import { WindowTimeInput } from './WindowTimeInput.tsx';
import './request-window.css';

interface RequestWindowControlProps {
  onError(message: string): void;
  disabled?: boolean;
}

/**
 * The request window (issue 22) on the stage screen and the dashboard's On Stage tab: the
 * countdown with one tap for "+10 min", and the open and close times folded behind a clock (clock
 * times within 12 hours of now). The server switches requests at the times; this only saves them.
 */
export function RequestWindowControl({ onError, disabled }: RequestWindowControlProps) {
  const musician = useAuthStore((s) => s.musician);
  const now = useNow(15_000);
  const { busy: saving, run } = useBusy();
  if (!musician) return null;
  const countdown = stageCountdown(musician, now);

  async function save(body: ProfileUpdateBody) {
    await run(async () => {
      try {
        useAuthStore.getState().setMusician(await profileApi.update(body));
      } catch (error) {
        onError(errorMessage(error, messages.requestWindowSaveFailed));
      }
    });
  }

  const busy = Boolean(disabled) || saving;
  const set = Boolean(musician.requests_open_at || musician.requests_close_at);
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
          className="request-window-extend"
          disabled={busy}
          onClick={() =>
            void save({ requests_close_at: extendedClose(musician.requests_close_at, Date.now()) })
          }
        >
          {messages.requestWindowExtend}
        </button>
      )}
      <details className="request-window-times">
        <summary
          className={set ? 'request-window-summary is-set' : 'request-window-summary'}
          title={messages.requestWindowTitle}
        >
          <Icon name="clock" />
          {/* In words: a clock alone did not say what it opens. */}
          <span className="request-window-label">{messages.requestWindowTitle}</span>
        </summary>
        <div className="request-window-popover">
          <WindowTimeInput
            label={messages.requestWindowOpensAt}
            name="requests_open_at"
            value={musician.requests_open_at}
            disabled={busy}
            onSave={(value) => void save({ requests_open_at: value })}
          />
          <WindowTimeInput
            label={messages.requestWindowClosesAt}
            name="requests_close_at"
            value={musician.requests_close_at}
            disabled={busy}
            onSave={(value) => void save({ requests_close_at: value })}
          />
          <button
            type="button"
            className="button button-ghost button-small"
            disabled={busy || !set}
            onClick={() => void save({ requests_open_at: null, requests_close_at: null })}
          >
            {messages.requestWindowClear}
          </button>
        </div>
      </details>
    </div>
  );
}
