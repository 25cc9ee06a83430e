import { useBusy } from '#client/lib/use-busy.ts';
import { useState, type FormEvent } from 'react';
import { NAME_MAX_LENGTH } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import { localDateToday } from '#client/lib/format.ts';
import { TextField } from '#client/ui/TextField.tsx';
import { EMPTY_VENUE, VenueFields, type VenueValues } from './VenueFields.tsx';
import type { ShowActions } from './show-actions.ts';

interface StartShowFormProps {
  actions: ShowActions;
  /** Closed by Cancel, or once the show has started. */
  onClose(): void;
}

/** A new show is usually tonight's: the date starts as today, on the musician's own clock. */
const newVenue = (): VenueValues => ({ ...EMPTY_VENUE, performed_on: localDateToday() });

/** The show's name (required) and, optionally, its venue and date. */
export function StartShowForm({ actions, onClose }: StartShowFormProps) {
  const [name, setName] = useState('');
  // Made when the form opens: opened on another day than the page loaded, it is still today.
  const [venue, setVenue] = useState<VenueValues>(newVenue);
  const [error, setError] = useState<string | undefined>();
  const { busy, run } = useBusy();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setError(messages.showNameRequired);
    const started = await run(() =>
      actions.start({
        name: name.trim(),
        ...venue,
        performed_on: venue.performed_on || null,
      }),
    );
    if (started) onClose();
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
        <button type="button" className="button button-ghost" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={busy}>
          Start Show
        </button>
      </div>
    </form>
  );
}
