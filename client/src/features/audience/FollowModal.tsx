import { messages } from '#shared/messages.ts';
import { useAudienceFlow } from './audience-flow-store.ts';
import { audienceApi } from './audience-api.ts';
import { AudienceModal } from './AudienceModal.tsx';
import { useAudience } from './audience-store.ts';
import { ProfileLinkList } from './ProfileLinkList.tsx';
import { connectLinks, listenLinks, type ProfileLink } from './profile-links.ts';

function FollowLinks() {
  const musician = useAudience((s) => s.musician);
  const filed = useAudienceFlow((s) => s.filed);
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
          {messages.requestSent} <strong className="wrap-anywhere">{filed.songTitle}</strong>
        </p>
      )}
      <ProfileLinkList title="Connect" links={connectLinks(musician)} onOpen={track} />
      <ProfileLinkList title="Listen" links={listenLinks(musician)} onOpen={track} />
      <div className="sheet-actions">
        <button
          type="button"
          className="button button-primary button-block"
          onClick={() => useAudienceFlow.getState().dismiss('follow')}
        >
          Done
        </button>
      </div>
    </div>
  );
}

/** The last step: the musician's social and listening links. Closing it resets the form. */
export function FollowModal() {
  const name = useAudience((s) => s.musician?.name ?? '');
  return (
    <AudienceModal name="follow" title={`Follow ${name}`}>
      <FollowLinks />
    </AudienceModal>
  );
}
