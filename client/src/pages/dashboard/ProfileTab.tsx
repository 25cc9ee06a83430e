import { useState } from 'react';
import type { Musician } from '#shared/schemas/musician.ts';
import { AccountSettings } from '#client/features/profile/AccountSettings.tsx';
import { ActivePlaylistSelect } from '#client/features/playlists/ActivePlaylistSelect.tsx';
import { AudienceLink } from '#client/features/qr-code/AudienceLink.tsx';
import { ProfileSettingsForm } from '#client/features/profile/ProfileSettingsForm.tsx';
import { RepeatRuleSettings } from '#client/features/profile/RepeatRuleSettings.tsx';
import { VenueScreenSettings } from '#client/features/profile/VenueScreenSettings.tsx';
import { UpgradeButton } from '#client/features/subscription/UpgradeButton.tsx';
import { StageDevicesPanel } from '#client/features/stage-devices/StageDevicesPanel.tsx';
import { BlockedRequesters } from '#client/features/requests/BlockedRequesters.tsx';
import { FeedTokensSection } from '#client/features/feed/FeedTokensSection.tsx';
import '#client/features/profile/profile-settings.css';

interface ProfileTabProps {
  musician: Musician;
}

export function ProfileTab({ musician }: ProfileTabProps) {
  // A password change revokes every feed token on the server: the list loads again to say so.
  const [passwordChanges, setPasswordChanges] = useState(0);
  return (
    <div className="stack profile-tab">
      <AudienceLink slug={musician.slug} />
      <ActivePlaylistSelect musicianId={musician.id} />
      <div>
        <UpgradeButton />
      </div>
      {/* Keyed by musician: another account signing in starts from its own values. */}
      <ProfileSettingsForm key={musician.id} musician={musician} />
      <RepeatRuleSettings key={`repeats-${musician.id}`} musician={musician} />
      <VenueScreenSettings musician={musician} />
      <StageDevicesPanel />
      <FeedTokensSection key={passwordChanges} slug={musician.slug} />
      <BlockedRequesters />
      <AccountSettings
        email={musician.email}
        onPasswordChanged={() => setPasswordChanges((count) => count + 1)}
      />
    </div>
  );
}
