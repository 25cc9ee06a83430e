import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Musician } from '#shared/schemas/musician.ts';
import { AccountSettings } from '#client/features/profile/AccountSettings.tsx';
import { ActivePlaylistSelect } from '#client/features/playlists/ActivePlaylistSelect.tsx';
import { AudienceLink } from '#client/features/qr-code/AudienceLink.tsx';
import { ProfileSaveBar } from '#client/features/profile/ProfileSaveBar.tsx';
import { ProfileSectionNav } from '#client/features/profile/ProfileSectionNav.tsx';
import { ProfileSettingsForm } from '#client/features/profile/ProfileSettingsForm.tsx';
import {
  DEFAULT_PROFILE_SECTION,
  FORM_SECTIONS,
  profileSectionFromQuery,
  sectionOfFirstError,
  type ProfileSectionId,
} from '#client/features/profile/profile-sections.ts';
import { useProfileForm } from '#client/features/profile/use-profile-form.ts';
import { UpgradeButton } from '#client/features/subscription/UpgradeButton.tsx';
import { StageDevicesPanel } from '#client/features/stage-devices/StageDevicesPanel.tsx';
import { BlockedRequesters } from '#client/features/blocklist/BlockedRequesters.tsx';
import { FeedTokensSection } from '#client/features/feed/FeedTokensSection.tsx';
import { CardPaymentsSection } from '#client/features/tips/CardPaymentsSection.tsx';
import { STRIPE_RETURN_PARAM, stripeReturnOf } from '#client/features/tips/card-payments-view.ts';
import '#client/features/profile/profile-settings.css';

interface ProfileTabProps {
  musician: Musician;
}

/**
 * The Profile tab, one section at a time (?section= keeps the place on reload): the audience
 * link, the settings sections saved together by one Save, devices and feeds, the account.
 */
export function ProfileTab({ musician }: ProfileTabProps) {
  // Keyed by musician: another account signing in starts from its own values.
  return <ProfileSections key={musician.id} musician={musician} />;
}

function ProfileSections({ musician }: ProfileTabProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  // Back from Stripe's onboarding (?stripe=return|refresh): the payments section, once.
  const [stripeReturn] = useState(() => stripeReturnOf(searchParams.get(STRIPE_RETURN_PARAM)));
  const section = searchParams.has(STRIPE_RETURN_PARAM)
    ? 'payments'
    : profileSectionFromQuery(searchParams.get('section'));
  useEffect(() => {
    if (stripeReturn) setSearchParams({ tab: 'profile', section: 'payments' }, { replace: true });
  }, [stripeReturn, setSearchParams]);
  const form = useProfileForm(musician);
  // A password change revokes every feed token on the server: the list loads again to say so.
  const [passwordChanges, setPasswordChanges] = useState(0);

  function select(next: ProfileSectionId, keepStatus = false) {
    const params: Record<string, string> = { tab: 'profile' };
    if (next !== DEFAULT_PROFILE_SECTION) params.section = next;
    setSearchParams(params, { replace: true });
    if (next !== section && !keepStatus) form.clearStatus();
  }

  async function save() {
    // A field in error may sit in another section: go where it is.
    const errorSection = sectionOfFirstError(await form.save());
    if (errorSection && errorSection !== section) select(errorSection, true);
  }

  return (
    <div className="stack profile-tab">
      <ProfileSectionNav active={section} onSelect={select} />
      {FORM_SECTIONS.has(section) ? (
        <ProfileSettingsForm
          musician={musician}
          form={form}
          section={section}
          cardPayments={
            <CardPaymentsSection
              returned={stripeReturn}
              price={{
                value: form.values.paid_request_price,
                error: form.errors.paid_request_price,
                onChange: (event) => form.change('paid_request_price', event.target.value),
              }}
            />
          }
          onSave={() => void save()}
        />
      ) : (
        <>
          {section === 'link' && (
            <>
              <AudienceLink slug={musician.slug} />
              <ActivePlaylistSelect musicianId={musician.id} />
              <div>
                <UpgradeButton />
              </div>
            </>
          )}
          {section === 'devices' && (
            <>
              <StageDevicesPanel />
              <FeedTokensSection key={passwordChanges} slug={musician.slug} />
              <BlockedRequesters />
            </>
          )}
          {section === 'account' && (
            <AccountSettings
              email={musician.email}
              onPasswordChanged={() => setPasswordChanges((count) => count + 1)}
            />
          )}
          {/* Edits made in another section are not lost from sight: they can be saved here. */}
          {(form.dirty || form.status) && (
            <ProfileSaveBar form={form} submits={false} onSave={() => void save()} />
          )}
        </>
      )}
    </div>
  );
}
