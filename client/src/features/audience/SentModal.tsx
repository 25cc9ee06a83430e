import { useAudienceFlowStore } from './audience-flow-store.ts';
import { AudienceModal } from './AudienceModal.tsx';
import { useAudienceStore } from './audience-store.ts';
import { FollowLinks } from './FollowLinks.tsx';
import { useAudienceTranslation } from './i18n/audience-i18n.ts';
import { useMyRequestsStore } from './my-requests-store.ts';
import { PushOffer } from './PushOffer.tsx';
import { sentHeadline } from './requester-status.ts';
import { tipsAvailable } from './tip-rules.ts';

/** A tick in a disc: the request landed. */
function SentMark() {
  return (
    <svg className="sent-mark" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="11" />
      <path d="M7 12.5l3.2 3.2L17 9" />
    </svg>
  );
}

function SentSheet() {
  const filed = useAudienceFlowStore((s) => s.filed);
  // Its status, live: the place in line arrives a moment after the filing, then moves.
  const status = useMyRequestsStore((s) => s.tracked.find((item) => item.id === filed?.id));
  const tipsOn = useAudienceStore((s) => s.musician !== null && tipsAvailable(s.musician));
  const { tipAfterRequest, dismiss } = useAudienceFlowStore.getState();
  const { t } = useAudienceTranslation();
  if (!filed) return null;

  const said = sentHeadline(status);
  const headline =
    said.key === 'sentInLine' ? t(said.key, { position: said.position }) : t(said.key);

  return (
    <div className="form-stack sent-sheet">
      <div className="sent-hero">
        <SentMark />
        <p className="sent-headline" role="status" data-testid="sent-headline">
          {headline}
        </p>
        <p className="sent-song" translate="no">
          <span className="song-title">{filed.songTitle}</span>
          <span className="song-artist">{filed.songArtist}</span>
        </p>
        <p className="sent-hint">{t('sentFollowHint')}</p>
      </div>
      {status && <PushOffer item={status} />}
      <FollowLinks />
      <div className="sheet-actions button-row">
        {tipsOn && (
          <button type="button" className="button button-secondary grow" onClick={tipAfterRequest}>
            {t('sendATip')}
          </button>
        )}
        <button
          type="button"
          className="button button-primary grow"
          onClick={() => dismiss('sent')}
        >
          {t('done')}
        </button>
      </div>
    </div>
  );
}

/**
 * The request's success state (issue 43), before anything else: "Sent: you're #9 in line", the
 * follow links, and a tip as an optional step.
 */
export function SentModal() {
  const { t } = useAudienceTranslation();
  return (
    <AudienceModal name="sent" title={t('sentTitle')}>
      <SentSheet />
    </AudienceModal>
  );
}
