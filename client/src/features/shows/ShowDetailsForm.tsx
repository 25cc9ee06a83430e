import { useBusy } from '#client/lib/use-busy.ts';
import { useState, type FormEvent } from 'react';
import { messages } from '#shared/messages.ts';
import type { Show } from '#shared/schemas/show.ts';
import type { ShowActions } from './show-actions.ts';
import { VenueFields, type VenueValues } from './VenueFields.tsx';

interface ShowDetailsFormProps {
  show: Show;
  actions: ShowActions;
  onSaved(): void;
}

/** Edits a show's venue and date after the fact (reports are often filed days later). */
export function ShowDetailsForm({ show, actions, onSaved }: ShowDetailsFormProps) {
  const [values, setValues] = useState<VenueValues>({
    venue_name: show.venue_name,
    venue_address: show.venue_address,
    performed_on: show.performed_on ?? '',
  });
  const [dateError, setDateError] = useState<string | undefined>();
  const { busy, run } = useBusy();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (values.performed_on && !/^\d{4}-\d{2}-\d{2}$/.test(values.performed_on)) {
      return setDateError(messages.showDateInvalid);
    }
    const saved = await run(() =>
      actions.update(show, {
        venue_name: values.venue_name,
        venue_address: values.venue_address,
        performed_on: values.performed_on || null,
      }),
    );
    if (saved) onSaved();
  }

  return (
    <form className="form-stack show-details-form" onSubmit={(event) => void submit(event)}>
      <VenueFields
        values={values}
        dateError={dateError}
        onChange={(next) => {
          setValues(next);
          setDateError(undefined);
        }}
      />
      <div className="modal-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          Save details
        </button>
      </div>
    </form>
  );
}
