import { ArtistAvatar } from './ArtistAvatar.tsx';
import { useAudienceFlow } from './audience-flow-store.ts';
import { AudienceModal } from './AudienceModal.tsx';
import { useAudience } from './audience-store.ts';
import { ProfileLinkList } from './ProfileLinkList.tsx';
import { connectLinks, listenLinks } from './profile-links.ts';
import { tipsAvailable } from './tip-rules.ts';

function ArtistProfile() {
  const musician = useAudience((s) => s.musician);
  const design = useAudience((s) => s.design);
  if (!musician) return null;
  const bio = design.bio || musician.bio;

  return (
    <div className="artist-profile">
      {design.banner_image && (
        <img className="artist-banner" src={design.banner_image} alt="" width={640} height={200} />
      )}
      <div className="artist-identity">
        <ArtistAvatar photo={design.artist_photo} name={musician.name} size="large" />
        <p className="artist-profile-name">{musician.name}</p>
      </div>
      {bio && <p className="artist-bio">{bio}</p>}
      <ProfileLinkList title="Connect" links={connectLinks(musician)} />
      <ProfileLinkList title="Listen" links={listenLinks(musician)} />
      {tipsAvailable(musician) && (
        <button
          type="button"
          className="button button-primary button-block"
          onClick={() => useAudienceFlow.getState().openTip()}
        >
          Leave a Tip
        </button>
      )}
    </div>
  );
}

/** Opened from the artist's name: photo, banner, bio, links and Leave a Tip. */
export function ArtistModal() {
  return (
    <AudienceModal name="artist" title="About the Artist">
      <ArtistProfile />
    </AudienceModal>
  );
}
