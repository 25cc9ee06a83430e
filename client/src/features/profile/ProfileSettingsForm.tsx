import type { FormEvent, ReactNode } from 'react';
import type { Musician } from '#shared/schemas/musician.ts';
import { AboutFields } from './AboutFields.tsx';
import { PaymentFields } from './PaymentFields.tsx';
import { ProfileSaveBar } from './ProfileSaveBar.tsx';
import { PROFILE_SECTIONS, type ProfileSectionId } from './profile-sections.ts';
import { ShowSettingsFields } from './ShowSettingsFields.tsx';
import { SocialFields } from './SocialFields.tsx';
import type { ProfileForm } from './use-profile-form.ts';

interface ProfileSettingsFormProps {
  musician: Musician;
  form: ProfileForm;
  /** One of the form's sections: profile, payments, links or show. */
  section: ProfileSectionId;
  /** Card payments (the tips feature's), first in the payments section where Stripe is set up. */
  cardPayments?: ReactNode;
  onSave(): void;
}

/** The section of the settings being edited, and the one Save that sends every section. */
export function ProfileSettingsForm({
  musician,
  form,
  section,
  cardPayments,
  onSave,
}: ProfileSettingsFormProps) {
  const label = PROFILE_SECTIONS.find((each) => each.id === section)?.label;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSave();
  }

  return (
    <section className="card profile-settings" aria-label="Profile Settings">
      <form className="profile-form" onSubmit={submit} noValidate>
        <h3 className="profile-section-title">{label}</h3>
        {section === 'profile' && <AboutFields form={form} musician={musician} />}
        {section === 'payments' && (
          <>
            {cardPayments}
            <PaymentFields bind={form.bind} />
          </>
        )}
        {section === 'links' && <SocialFields bind={form.bind} />}
        {section === 'show' && <ShowSettingsFields form={form} musician={musician} />}
        <ProfileSaveBar form={form} submits onSave={onSave} />
      </form>
    </section>
  );
}
