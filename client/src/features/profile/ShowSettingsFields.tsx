import { useId } from 'react';
import {
  REPEAT_HOURS_MAX,
  REPEAT_HOURS_MIN,
  REPEAT_RULES,
  type Musician,
  type RepeatRule,
} from '#shared/schemas/musician.ts';
import { TextField } from '#client/ui/TextField.tsx';
import type { FlagField } from './profile-form.ts';
import type { ProfileForm } from './use-profile-form.ts';

const RULE_LABELS: Record<RepeatRule, string> = {
  allow: 'Any song, any time',
  show: 'Not twice in the same show',
  hours: 'Not again within a number of hours',
};

const SWITCHES: { field: FlagField; label: string; hint: string }[] = [
  {
    field: 'venue_screen_enabled',
    label: 'Venue screen on',
    hint: 'Now playing, the next requests (first names only) and your QR code, for the venue’s TV.',
  },
  {
    field: 'venue_screen_dedications',
    label: 'Show dedications on the venue screen',
    hint: 'Off by default: dedications are often private.',
  },
  {
    field: 'public_queue',
    label: 'Show the queue on my page',
    hint: 'Your audience sees the queue in order and can +1 a waiting request.',
  },
];

/**
 * How a show runs: whether a played song may be asked for again (issue 22), the venue screen
 * and the queue in the open, and its setlist shared after it (issue 47). Saved with the rest of
 * the Profile tab.
 */
export function ShowSettingsFields({ form, musician }: { form: ProfileForm; musician: Musician }) {
  const selectId = useId();
  const screenPath = `/screen/${encodeURIComponent(musician.slug)}`;

  return (
    <>
      <fieldset className="profile-section">
        <legend>Repeats</legend>
        <div className="field">
          <label htmlFor={selectId}>A song already played may be requested</label>
          <select
            id={selectId}
            value={form.values.repeat_rule}
            onChange={(event) => form.change('repeat_rule', event.target.value as RepeatRule)}
          >
            {REPEAT_RULES.map((rule) => (
              <option key={rule} value={rule}>
                {RULE_LABELS[rule]}
              </option>
            ))}
          </select>
        </div>
        {form.values.repeat_rule === 'hours' && (
          <TextField
            label="Hours"
            type="number"
            inputMode="numeric"
            min={REPEAT_HOURS_MIN}
            max={REPEAT_HOURS_MAX}
            step={1}
            value={form.values.repeat_hours}
            error={form.errors.repeat_hours}
            onChange={(event) => form.change('repeat_hours', event.target.value)}
          />
        )}
      </fieldset>

      <fieldset className="profile-section">
        <legend>Venue screen and queue</legend>
        <p className="profile-note">
          Open it on the venue’s TV or projector (full screen, it stays awake):{' '}
          <a href={screenPath} target="_blank" rel="noreferrer" data-testid="venue-screen-link">
            {window.location.host}
            {screenPath}
          </a>
        </p>
        {SWITCHES.map(({ field, label, hint }) => (
          <div key={field} className="venue-screen-switch">
            <label className="checkbox-row">
              <input type="checkbox" {...form.bind.flag(field)} />
              {label}
            </label>
            <p className="field-hint">{hint}</p>
          </div>
        ))}
      </fieldset>

      <fieldset className="profile-section">
        <legend>After the show</legend>
        <div className="venue-screen-switch">
          <label className="checkbox-row">
            <input type="checkbox" {...form.bind.flag('show_recaps')} />
            Share each show’s setlist
          </label>
          <p className="field-hint">
            Once you stop a show, the songs you played, in order, with your tip and follow links, on
            a page of its own. Whoever had a song played gets the link with it. Never who asked.
          </p>
        </div>
      </fieldset>
    </>
  );
}
