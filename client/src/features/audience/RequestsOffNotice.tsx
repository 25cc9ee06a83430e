import { useAudienceFlowStore } from './audience-flow-store.ts';
import { useAudienceStore } from './audience-store.ts';
import { RequestWindowNotice } from './RequestWindowNotice.tsx';
import { tipsAvailable } from './tip-rules.ts';
import { useAudienceTranslation } from './i18n/audience-i18n.ts';

/**
 * Requests are off: the songs stay browsable; suggesting and tipping still work. Before the
 * doors it says when they open, in the same notice (one notice, issue 43).
 */
export function RequestsOffNotice() {
  const musician = useAudienceStore((s) => s.musician);
  const suggestionsAllowed = useAudienceStore((s) => s.design.allow_song_suggestions);
  const { openSuggest, openTip } = useAudienceFlowStore.getState();
  const tipsOn = musician !== null && tipsAvailable(musician);
  const { t } = useAudienceTranslation();

  return (
    <section className="requests-off card" role="status">
      <h2>{t('messages:requestsOffTitle')}</h2>
      <RequestWindowNotice inNotice />
      {(suggestionsAllowed || tipsOn) && (
        <div className="button-row">
          {suggestionsAllowed && (
            <button type="button" className="button button-secondary" onClick={() => openSuggest()}>
              {t('suggestASong')}
            </button>
          )}
          {tipsOn && (
            <button type="button" className="button button-primary" onClick={openTip}>
              {t('sendATip')}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
