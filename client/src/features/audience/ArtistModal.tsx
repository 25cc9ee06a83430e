import { ArtistAvatar } from './ArtistAvatar.tsx';
import { useAudienceFlowStore } from './audience-flow-store.ts';
import { AudienceModal } from './AudienceModal.tsx';
import { useAudienceStore } from './audience-store.ts';
import { ProfileLinkList } from './ProfileLinkList.tsx';
import { connectLinks, listenLinks } from './profile-links.ts';
import { tipsAvailable } from './tip-rules.ts';
import { useAudienceTranslation } from './i18n/audience-i18n.ts';

function ArtistProfile() {
  const musician = useAudienceStore((s) => s.musician);
  const design = useAudienceStore((s) => s.design);
  const { t } = useAudienceTranslation();
  if (!musician) return null;
  const bio = design.bio || musician.bio;

  return (
    <div className="artist-profile">
      {design.banner_image && (
        <img className="artist-banner" src={design.banner_image} alt="" width={640} height={200} />
      )}
      <div className="artist-identity">
        <ArtistAvatar photo={design.artist_photo} name={musician.name} size="large" />
        <p className="artist-profile-name" translate="no">
          {musician.name}
        </p>
      </div>
      {bio && <p className="artist-bio">{bio}</p>}
      <ProfileLinkList title={t('connect')} links={connectLinks(musician)} />
      <ProfileLinkList title={t('listen')} links={listenLinks(musician)} />
      {tipsAvailable(musician) && (
        <button
          type="button"
          className="button button-primary button-block"
          onClick={() => useAudienceFlowStore.getState().openTip()}
        >
          {t('leaveATip')}
        </button>
      )}
    </div>
  );
}

/** Opened from the artist's name: photo, banner, bio, links and Leave a Tip. */
export function ArtistModal() {
  const { t } = useAudienceTranslation();
  return (
    <AudienceModal name="artist" title={t('aboutTheArtist')}>
      <ArtistProfile />
    </AudienceModal>
  );
}
