import { useId, useState, type FormEvent } from 'react';
import { messages } from '#shared/messages.ts';
import {
  REPEAT_HOURS_MAX,
  REPEAT_HOURS_MIN,
  type Musician,
  type RepeatRule,
} from '#shared/schemas/musician.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { useAuthStore } from '#client/lib/session/auth-store.ts';
import { profileApi } from '#client/lib/session/profile-api.ts';
import { StatusMessage } from '#client/ui/StatusMessage.tsx';
import { TextField } from '#client/ui/TextField.tsx';

const RULES: { value: RepeatRule; label: string }[] = [
  { value: 'allow', label: 'Any song, any time' },
  { value: 'show', label: 'Not twice in the same show' },
  { value: 'hours', label: 'Not again within a number of hours' },
];

/**
 * No repeats (issue 22): whether a played song may be asked for again. PUT /api/profile with
 * the rule and its hours; the audience page then shows "Played at …" on a held-back song.
 */
export function RepeatRuleSettings({ musician }: { musician: Musician }) {
  const setMusician = useAuthStore((s) => s.setMusician);
  const [rule, setRule] = useState<RepeatRule>(musician.repeat_rule);
  const [hours, setHours] = useState(String(musician.repeat_hours));
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const selectId = useId();

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const repeatHours = Number(hours);
    const hoursOk =
      Number.isInteger(repeatHours) &&
      repeatHours >= REPEAT_HOURS_MIN &&
      repeatHours <= REPEAT_HOURS_MAX;
    if (rule === 'hours' && !hoursOk) {
      return setStatus({ tone: 'error', text: messages.repeatHoursInvalid });
    }
    setBusy(true);
    setStatus(null);
    try {
      const saved = await profileApi.update({
        repeat_rule: rule,
        ...(rule === 'hours' ? { repeat_hours: repeatHours } : {}),
      });
      setMusician(saved);
      setStatus({ tone: 'success', text: messages.profileUpdated });
    } catch (error) {
      setStatus({ tone: 'error', text: errorMessage(error, messages.profileUpdateFailed) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card" aria-labelledby="repeat-rule-title">
      <h3 id="repeat-rule-title">Repeats</h3>
      <form className="profile-form" onSubmit={save} noValidate>
        <div className="field">
          <label htmlFor={selectId}>A song already played may be requested</label>
          <select
            id={selectId}
            value={rule}
            onChange={(event) => {
              setRule(event.target.value as RepeatRule);
              setStatus(null);
            }}
          >
            {RULES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        {rule === 'hours' && (
          <TextField
            label="Hours"
            type="number"
            inputMode="numeric"
            min={REPEAT_HOURS_MIN}
            max={REPEAT_HOURS_MAX}
            step={1}
            value={hours}
            onChange={(event) => {
              setHours(event.target.value);
              setStatus(null);
            }}
          />
        )}
        <StatusMessage tone={status?.tone ?? 'success'}>{status?.text ?? null}</StatusMessage>
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save Repeats'}
        </button>
      </form>
    </section>
  );
}
