import { useState, type FormEvent } from 'react';
import { messages } from '#shared/messages.ts';
import type { Musician } from '#shared/schemas/musician.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { useAudienceOrigin } from '#client/lib/use-site-config.ts';
import { StatusMessage } from '#client/ui/StatusMessage.tsx';
import { TextAreaField } from '#client/ui/TextAreaField.tsx';
import { TextField } from '#client/ui/TextField.tsx';
import { useAuthStore } from '#client/lib/session/auth-store.ts';
import { PaymentFields } from './PaymentFields.tsx';
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
import { useSlugCheck } from './use-slug-check.ts';

interface ProfileSettingsFormProps {
  musician: Musician;
}

/** Stage name, bio, links, slug and payment apps: PUT /api/profile with the whole form. */
export function ProfileSettingsForm({ musician }: ProfileSettingsFormProps) {
  const setMusician = useAuthStore((s) => s.setMusician);
  const origin = useAudienceOrigin();
  const [values, setValues] = useState<ProfileFormValues>(() => formValuesOf(musician));
  const [errors, setErrors] = useState<ProfileFormErrors>({});
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const slugCheck = useSlugCheck(values.slug, musician.slug);

  const bind: FormBinding = {
    text: (field) => ({
      name: field,
      value: values[field],
      error: errors[field],
      maxLength: TEXT_FIELD_MAX_LENGTHS[field],
      onChange(event) {
        const value = withoutPrefix(field, event.target.value);
        setValues((current) => ({ ...current, [field]: value }));
        setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
        setStatus(null);
      },
    }),
    flag: (field) => ({
      name: field,
      checked: values[field],
      onChange(event) {
        const { checked } = event.target;
        setValues((current) => ({ ...current, [field]: checked }));
        setStatus(null);
      },
    }),
  };

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setStatus(null);
    const checked = checkProfileForm(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return setStatus({ tone: 'error', text: messages.profileUpdateFailed });
    }
    setErrors({});
    setBusy(true);
    try {
      const saved = await profileApi.update(checked.body);
      setMusician(saved);
      setValues(formValuesOf(saved));
      setStatus({ tone: 'success', text: messages.profileUpdated });
    } catch (error) {
      setStatus({ tone: 'error', text: errorMessage(error, messages.profileUpdateFailed) });
    } finally {
      setBusy(false);
    }
  }

  const slugField = bind.text('slug');
  const slugError =
    slugField.error ??
    (slugCheck.state === 'unavailable' ? (slugCheck.message ?? undefined) : undefined);
  const slugHint =
    slugCheck.state === 'available' || slugCheck.state === 'checking'
      ? slugCheck.message
      : `${origin}/musician/${values.slug.trim().toLowerCase() || '…'}`;

  return (
    <section className="card" aria-labelledby="profile-settings-title">
      <h3 id="profile-settings-title">Profile Settings</h3>
      <form className="profile-form" onSubmit={save} noValidate>
        <fieldset className="profile-section">
          <legend>About you</legend>
          <TextField
            label="Stage Name"
            {...bind.text('name')}
            autoComplete="organization"
            required
          />
          <TextField
            label="Email"
            value={musician.email}
            readOnly
            hint="Change it with Change Email below."
          />
          <TextAreaField
            label="Bio"
            name="bio"
            rows={3}
            maxLength={TEXT_FIELD_MAX_LENGTHS.bio}
            value={values.bio}
            onChange={(event) => {
              const { value } = event.target;
              setValues((current) => ({ ...current, bio: value }));
            }}
          />
          <TextField
            label="Website"
            {...bind.text('website')}
            inputMode="url"
            placeholder="https://"
          />
        </fieldset>

        <fieldset className="profile-section">
          <legend>Audience link</legend>
          <TextField
            label="Link name (slug)"
            {...slugField}
            error={slugError}
            hint={slugHint ?? undefined}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            className={slugCheck.state === 'available' ? 'field-ok' : undefined}
          />
          <p className="muted profile-note">
            Lowercase letters, numbers and hyphens. Links and QR codes printed with your old link
            keep working.
          </p>
        </fieldset>

        <PaymentFields bind={bind} />

        <fieldset className="profile-section">
          <legend>Social and music links</legend>
          <TextField
            label="Instagram username (without @)"
            {...bind.text('instagram_username')}
            autoCapitalize="none"
          />
          <TextField
            label="Facebook username or page"
            {...bind.text('facebook_username')}
            autoCapitalize="none"
          />
          <TextField
            label="TikTok username (without @)"
            {...bind.text('tiktok_username')}
            autoCapitalize="none"
          />
          <TextField
            label="Spotify artist link"
            {...bind.text('spotify_artist_url')}
            inputMode="url"
            placeholder="https://open.spotify.com/artist/..."
          />
          <TextField
            label="Apple Music artist link"
            {...bind.text('apple_music_artist_url')}
            inputMode="url"
            placeholder="https://music.apple.com/..."
          />
        </fieldset>

        <StatusMessage tone={status?.tone ?? 'success'}>{status?.text ?? null}</StatusMessage>
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save Profile'}
        </button>
      </form>
    </section>
  );
}
