import { audienceApi } from './audience-api.ts';
import { useAudienceFlowStore } from './audience-flow-store.ts';
import { useAudienceStore } from './audience-store.ts';
import { useAudienceTranslation } from './i18n/audience-i18n.ts';
import { ProfileLinkList } from './ProfileLinkList.tsx';
import { connectLinks, listenLinks, type ProfileLink } from './profile-links.ts';

/** Connect and Listen: the musician's links, each click tracked against the request filed. */
export function FollowLinks() {
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
    <>
      <ProfileLinkList title={t('connect')} links={connectLinks(musician)} onOpen={track} />
      <ProfileLinkList title={t('listen')} links={listenLinks(musician)} onOpen={track} />
    </>
  );
}
