import { SHORT_TEXT_MAX_LENGTH } from '#shared/limits.ts';
import { SHOW_VENUE_MAX_LENGTH } from '#shared/schemas/show.ts';
import { TextField } from '#client/ui/TextField.tsx';

export interface VenueValues {
  venue_name: string;
  venue_address: string;
  performed_on: string;
}

export const EMPTY_VENUE: VenueValues = { venue_name: '', venue_address: '', performed_on: '' };

interface VenueFieldsProps {
  values: VenueValues;
  onChange(values: VenueValues): void;
  dateError?: string | undefined;
}

/** Venue name, address and performance date: what setlist reports (BMI, ASCAP) ask for. */
export function VenueFields({ values, onChange, dateError }: VenueFieldsProps) {
  return (
    <>
      <TextField
        label="Venue name (optional)"
        value={values.venue_name}
        maxLength={SHOW_VENUE_MAX_LENGTH}
        onChange={(event) => onChange({ ...values, venue_name: event.target.value })}
      />
      <TextField
        label="Venue address (optional)"
        value={values.venue_address}
        maxLength={SHORT_TEXT_MAX_LENGTH}
        autoComplete="street-address"
        onChange={(event) => onChange({ ...values, venue_address: event.target.value })}
      />
      <TextField
        label="Performance date (optional)"
        type="date"
        value={values.performed_on}
        error={dateError}
        hint="For setlist reports to performing-rights organisations."
        onChange={(event) => onChange({ ...values, performed_on: event.target.value })}
      />
    </>
  );
}
