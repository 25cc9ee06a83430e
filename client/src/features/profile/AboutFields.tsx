import type { Musician } from '#shared/schemas/musician.ts';
import { useAudienceOrigin } from '#client/lib/use-site-config.ts';
import { TextAreaField } from '#client/ui/TextAreaField.tsx';
import { TextField } from '#client/ui/TextField.tsx';
import { TEXT_FIELD_MAX_LENGTHS } from './profile-form.ts';
import type { ProfileForm } from './use-profile-form.ts';
import { useSlugCheck } from './use-slug-check.ts';

interface AboutFieldsProps {
  form: ProfileForm;
  musician: Musician;
}

/** Stage name, email (read-only), bio, website and the link name (slug). */
export function AboutFields({ form, musician }: AboutFieldsProps) {
  const { values, bind } = form;
  const origin = useAudienceOrigin();
  const slugCheck = useSlugCheck(values.slug, musician.slug);

  const slugField = bind.text('slug');
  const slugError =
    slugField.error ??
    (slugCheck.state === 'unavailable' ? (slugCheck.message ?? undefined) : undefined);
  const slugHint =
    slugCheck.state === 'available' || slugCheck.state === 'checking'
      ? slugCheck.message
      : `${origin}/musician/${values.slug.trim().toLowerCase() || '…'}`;

  return (
    <>
      <fieldset className="profile-section">
        <legend>About you</legend>
        <TextField label="Stage Name" {...bind.text('name')} autoComplete="organization" required />
        <TextField
          label="Email"
          value={musician.email}
          readOnly
          hint="Change it in the Account section."
        />
        <TextAreaField
          label="Bio"
          name="bio"
          rows={3}
          maxLength={TEXT_FIELD_MAX_LENGTHS.bio}
          value={values.bio}
          onChange={(event) => form.change('bio', event.target.value)}
        />
        <TextField
          label="Website"
          {...bind.text('website')}
          inputMode="url"
          placeholder="https://"
        />
      </fieldset>

      <fieldset className="profile-section">
        <legend>Your link</legend>
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
          Lowercase letters, numbers and hyphens. Links and QR codes printed with your old link keep
          working.
        </p>
      </fieldset>
    </>
  );
}
