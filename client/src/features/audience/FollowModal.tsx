import { useAudienceFlowStore } from './audience-flow-store.ts';
import { AudienceModal } from './AudienceModal.tsx';
import { FollowLinks } from './FollowLinks.tsx';
import { SheetDoneButton } from './SheetButtons.tsx';
import { useAudienceStore } from './audience-store.ts';
import { useAudienceTranslation } from './i18n/audience-i18n.ts';

function FollowSheet() {
  const filed = useAudienceFlowStore((s) => s.filed);
  const { t } = useAudienceTranslation();
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
      <FollowLinks />
      <SheetDoneButton sheet="follow" />
    </div>
  );
}

/** The last step after a tip: the musician's social and listening links. Closing it resets. */
export function FollowModal() {
  const name = useAudienceStore((s) => s.musician?.name ?? '');
  const { t } = useAudienceTranslation();
  return (
    <AudienceModal name="follow" title={t('followTitle', { name })}>
      <FollowSheet />
    </AudienceModal>
  );
}
