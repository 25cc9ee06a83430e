import { ArtistAvatar } from './ArtistAvatar.tsx';
import { useAudienceFlow } from './audience-flow-store.ts';
import { useAudience } from './audience-store.ts';
import { tipsAvailable } from './tip-rules.ts';

/** Photo, the name (opens the artist profile) and, when tips are on, the Tip button. */
export function AudienceHeader() {
  const musician = useAudience((s) => s.musician);
  const photo = useAudience((s) => s.design.artist_photo);
  const { openArtist, openTip } = useAudienceFlow.getState();
  if (!musician) return null;

  return (
    <header className="audience-header">
      <ArtistAvatar photo={photo} name={musician.name} size="small" />
      <h1 className="audience-name">
        <button type="button" className="artist-button" aria-haspopup="dialog" onClick={openArtist}>
          {musician.name}
        </button>
      </h1>
      {tipsAvailable(musician) && (
        <button type="button" className="button button-primary tip-button" onClick={openTip}>
          Tip
        </button>
      )}
    </header>
  );
}
