import { useAudienceFlowStore } from './audience-flow-store.ts';
import { audienceApi } from './audience-api.ts';
import { AudienceModal } from './AudienceModal.tsx';
import { SheetDoneButton } from './SheetButtons.tsx';
import { useAudienceStore } from './audience-store.ts';
import { ProfileLinkList } from './ProfileLinkList.tsx';
import { connectLinks, listenLinks, type ProfileLink } from './profile-links.ts';
import { useAudienceTranslation } from './i18n/audience-i18n.ts';

function FollowLinks() {
  const musician = useAudienceStore((s) => s.musician);
  const filed = useAudienceFlowStore((s) => s.filed);
  const { t } = useAudienceTranslation();
  if (!musician) return null;

  const track = (link: ProfileLink) => {
    if (!filed) return;
    audienceApi
      .trackClick(filed.id, 'social', link.platform)
      .catch((error: unknown) => console.warn('social click not tracked', error));
  };

  return (
    <div className="form-stack">
      {filed && (
        <p className="status-message status-success" role="status">
          {t('messages:requestSent')}{' '}
          <strong className="wrap-anywhere" translate="no">
            {filed.songTitle}
          </strong>
        </p>
      )}
      <ProfileLinkList title={t('connect')} links={connectLinks(musician)} onOpen={track} />
      <ProfileLinkList title={t('listen')} links={listenLinks(musician)} onOpen={track} />
      <SheetDoneButton sheet="follow" />
    </div>
  );
}

/** The last step: the musician's social and listening links. Closing it resets the form. */
export function FollowModal() {
  const name = useAudienceStore((s) => s.musician?.name ?? '');
  const { t } = useAudienceTranslation();
  return (
    <AudienceModal name="follow" title={t('followTitle', { name })}>
      <FollowLinks />
    </AudienceModal>
  );
}
