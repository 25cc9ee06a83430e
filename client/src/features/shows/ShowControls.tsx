import { useState, type FormEvent } from 'react';
import { NAME_MAX_LENGTH } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import { localDateToday } from '#client/lib/format.ts';
import { TextField } from '#client/ui/TextField.tsx';
import { EMPTY_VENUE, VenueFields, type VenueValues } from './VenueFields.tsx';
import type { ShowActions } from './show-actions.ts';
import { selectCurrentShow, useShowsStore } from './shows-store.ts';

interface ShowControlsProps {
  actions: ShowActions;
}

/** A new show is usually tonight's: the date starts as today, on the musician's own clock. */
const newVenue = (): VenueValues => ({ ...EMPTY_VENUE, performed_on: localDateToday() });

/** Start a Show (asks for its name), or the Live banner with Stop Show. */
export function ShowControls({ actions }: ShowControlsProps) {
  const current = useShowsStore(selectCurrentShow);
  const [formOpen, setFormOpen] = useState(false);
  const [name, setName] = useState('');
  const [venue, setVenue] = useState<VenueValues>(newVenue);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setError(messages.showNameRequired);
    setBusy(true);
    const started = await actions.start({
      name: name.trim(),
      ...venue,
      performed_on: venue.performed_on || null,
    });
    setBusy(false);
    if (started) {
      setFormOpen(false);
      setName('');
      setVenue(newVenue());
      setError(undefined);
    }
  }

  async function stop() {
    setBusy(true);
    await actions.stop();
    setBusy(false);
  }

  if (current) {
    return (
      <div className="show-banner" role="status">
        <span className="show-live">Live: {current.name}</span>
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

  if (!formOpen) {
    return (
      <button
        type="button"
        className="button button-primary"
        onClick={() => {
          // Opened on another day than the page loaded: still today.
          setVenue(newVenue());
          setFormOpen(true);
        }}
      >
        Start a Show
      </button>
    );
  }

  return (
    <form className="show-form" onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label="Show name"
        value={name}
        error={error}
        autoFocus
        maxLength={NAME_MAX_LENGTH}
        onChange={(event) => {
          setName(event.target.value);
          setError(undefined);
        }}
      />
      <VenueFields values={venue} onChange={setVenue} />
      <div className="modal-actions">
        <button
          type="button"
          className="button button-ghost"
          onClick={() => {
            setFormOpen(false);
            setName('');
            setVenue(newVenue());
            setError(undefined);
          }}
        >
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={busy}>
          Start Show
        </button>
      </div>
    </form>
  );
}
