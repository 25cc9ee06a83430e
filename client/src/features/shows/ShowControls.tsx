import { useBusy } from '#client/lib/use-busy.ts';
import { useState } from 'react';
import { fill } from '#shared/fill-message.ts';
import { messages } from '#shared/messages.ts';
import type { ShowActions } from './show-actions.ts';
import { selectCurrentShow, useShowsStore } from './shows-store.ts';
import { StartShowForm } from './StartShowForm.tsx';

interface ShowControlsProps {
  actions: ShowActions;
  /**
   * 'banner' (the Requests tab): Start a Show, or the Live banner with Stop Show. 'header' (the
   * On Stage tab): one line saying which show runs, with Start or Stop beside it.
   */
  layout?: 'banner' | 'header';
  /** Given, the form's open state belongs to the caller (a checklist can open it too). */
  formOpen?: boolean;
  onFormOpenChange?(open: boolean): void;
}

/** Start a show (asks for its name) or stop the running one. */
export function ShowControls({
  actions,
  layout = 'banner',
  formOpen: controlledOpen,
  onFormOpenChange,
}: ShowControlsProps) {
  const current = useShowsStore(selectCurrentShow);
  const [ownOpen, setOwnOpen] = useState(false);
  const formOpen = controlledOpen ?? ownOpen;
  const setFormOpen = (open: boolean) => (onFormOpenChange ?? setOwnOpen)(open);
  const { busy, run } = useBusy();
  const header = layout === 'header';

  async function stop() {
    await run(() => actions.stop());
  }

  if (current) {
    return (
      <div
        className={header ? 'show-header-controls' : 'show-banner'}
        role={header ? undefined : 'status'}
      >
        {header ? (
          <p className="on-stage-show" role="status" aria-label="Show">
            <span className="show-live-dot" aria-hidden="true" />
            {fill(messages.onStageShowRunning, { name: current.name })}
          </p>
        ) : (
          <span className="show-live">Live: {current.name}</span>
        )}
        <button
          type="button"
          className="button button-secondary"
          disabled={busy}
          onClick={() => void stop()}
        >
          Stop Show
        </button>
      </div>
    );
  }

  const startButton = (
    <button type="button" className="button button-primary" onClick={() => setFormOpen(true)}>
      Start a Show
    </button>
  );
  const form = formOpen && <StartShowForm actions={actions} onClose={() => setFormOpen(false)} />;

  if (header) {
    return (
      <div className="show-header-controls">
        <p className="on-stage-show" role="status" aria-label="Show">
          {messages.onStageNoShow}
        </p>
        {!formOpen && startButton}
        {form && <div className="show-header-form">{form}</div>}
      </div>
    );
  }
  return formOpen ? form : startButton;
}
