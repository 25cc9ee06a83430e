import { ArtistModal } from './ArtistModal.tsx';
import { FollowModal } from './FollowModal.tsx';
import { RequestModal } from './RequestModal.tsx';
import { SentModal } from './SentModal.tsx';
import { SuggestModal } from './SuggestModal.tsx';
import { TipModal } from './TipModal.tsx';
import { ZelleModal } from './ZelleModal.tsx';
import './audience-modals.css';

/** Every modal of the page; the flow store says which one is open. */
export function AudienceModals() {
  return (
    <>
      <RequestModal />
      <SentModal />
      <TipModal />
      <ZelleModal />
      <FollowModal />
      <SuggestModal />
      <ArtistModal />
    </>
  );
}
