import { messages } from '#shared/messages.ts';
import { useAudienceFlow } from './audience-flow-store.ts';
import { useAudience } from './audience-store.ts';
import { tipsAvailable } from './tip-rules.ts';

/** Requests are off: the songs stay browsable; suggesting and tipping still work. */
export function RequestsOffNotice() {
  const musician = useAudience((s) => s.musician);
  const suggestionsAllowed = useAudience((s) => s.design.allow_song_suggestions);
  const { openSuggest, openTip } = useAudienceFlow.getState();
  const tipsOn = musician !== null && tipsAvailable(musician);

  return (
    <section className="requests-off card" role="status">
      <h2>{messages.requestsOffTitle}</h2>
      {(suggestionsAllowed || tipsOn) && (
        <div className="button-row">
          {suggestionsAllowed && (
            <button type="button" className="button button-secondary" onClick={openSuggest}>
              Suggest a Song
            </button>
          )}
          {tipsOn && (
            <button type="button" className="button button-primary" onClick={openTip}>
              Send a Tip
            </button>
          )}
        </div>
      )}
    </section>
  );
}
