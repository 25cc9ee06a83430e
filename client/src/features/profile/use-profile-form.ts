import { useMemo, useState } from 'react';
import { messages } from '#shared/messages.ts';
import type { Musician } from '#shared/schemas/musician.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { useBusy } from '#client/lib/use-busy.ts';
import { useAuthStore } from '#client/lib/session/auth-store.ts';
import { profileApi } from '#client/lib/session/profile-api.ts';
import {
  checkProfileForm,
  formValuesOf,
  TEXT_FIELD_MAX_LENGTHS,
  withoutPrefix,
  type FormBinding,
  type ProfileFormErrors,
  type ProfileFormValues,
} from './profile-form.ts';

export interface SaveStatus {
  tone: 'success' | 'error';
  text: string;
}

/**
 * The Profile tab's settings as one form: every section edits the same values, and one Save
 * sends them all (PUT /api/profile). Kept by the tab, so moving between sections loses nothing.
 */
export function useProfileForm(musician: Musician) {
  const setMusician = useAuthStore((s) => s.setMusician);
  const [values, setValues] = useState<ProfileFormValues>(() => formValuesOf(musician));
  const [saved, setSaved] = useState<ProfileFormValues>(values);
  const [errors, setErrors] = useState<ProfileFormErrors>({});
  const [status, setStatus] = useState<SaveStatus | null>(null);
  const { busy, run } = useBusy();

  const dirty = useMemo(
    () => (Object.keys(values) as (keyof ProfileFormValues)[]).some((k) => values[k] !== saved[k]),
    [values, saved],
  );

  function change<K extends keyof ProfileFormValues>(field: K, value: ProfileFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (field in current ? { ...current, [field]: undefined } : current));
    setStatus(null);
  }

  const bind: FormBinding = {
    text: (field) => ({
      name: field,
      value: values[field],
      error: errors[field],
      maxLength: TEXT_FIELD_MAX_LENGTHS[field],
      onChange: (event) => change(field, withoutPrefix(field, event.target.value)),
    }),
    flag: (field) => ({
      name: field,
      checked: values[field],
      onChange: (event) => change(field, event.target.checked),
    }),
  };

  /** Saves every section; returns the fields in error (the tab shows the first one's section). */
  async function save(): Promise<ProfileFormErrors> {
    setStatus(null);
    const checked = checkProfileForm(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      setStatus({ tone: 'error', text: messages.profileUpdateFailed });
      return checked.errors;
    }
    setErrors({});
    await run(async () => {
      try {
        const fresh = await profileApi.update(checked.body);
        setMusician(fresh);
        const freshValues = formValuesOf(fresh);
        setValues(freshValues);
        setSaved(freshValues);
        setStatus({ tone: 'success', text: messages.profileUpdated });
      } catch (error) {
        setStatus({ tone: 'error', text: errorMessage(error, messages.profileUpdateFailed) });
      }
    });
    return {};
  }

  /** Another section opened: the last save's outcome belonged to the one left. */
  const clearStatus = () => setStatus(null);

  return { values, errors, status, busy, dirty, bind, change, save, clearStatus };
}

export type ProfileForm = ReturnType<typeof useProfileForm>;
