import { useMyRequestsStore } from './my-requests-store.ts';
import { PlayedReceipt } from './PlayedReceipt.tsx';
import { useAudienceTranslation } from './i18n/audience-i18n.ts';
import { InsteadSongs } from './InsteadSongs.tsx';
import { offeredInstead, type TrackedRequest } from './my-requests.ts';
import { PushOffer } from './PushOffer.tsx';
import { placeInLine, REQUESTER_PAYMENT_KEYS, REQUESTER_STATUS_KEYS } from './requester-status.ts';

/** Its state, its money (a paid request) and its place in line, as badges after the song. */
function TrackedBadges({ item }: { item: TrackedRequest }) {
  const { t } = useAudienceTranslation();
  // Not in the queue before it is paid: only that is said.
  if (item.payment === 'awaiting') {
    return (
      <span className="my-request-badges">
        <span className="status-badge payment-awaiting">{t(REQUESTER_PAYMENT_KEYS.awaiting)}</span>
      </span>
    );
  }
  const place = placeInLine(item);
  return (
    <span className="my-request-badges">
      <span className={`status-badge status-${item.status}`}>
        {t(REQUESTER_STATUS_KEYS[item.status])}
      </span>
      {item.payment && (
        <span className={`status-badge payment-${item.payment}`}>
          {t(REQUESTER_PAYMENT_KEYS[item.payment])}
        </span>
      )}
      {place !== null && (
        <span className="my-request-place">
          {item.eta_minutes
            ? t('placeInLineEta', { position: place, minutes: item.eta_minutes })
            : t('placeInLine', { position: place })}
        </span>
      )}
    </span>
  );
}

/**
 * The requests this phone sent, with their state as the musician works them (live). The songs
 * are the musician's words: never translated.
 */
export function YourRequests() {
  const tracked = useMyRequestsStore((s) => s.tracked);
  const sending = useMyRequestsStore((s) => s.sending);
  const slug = useMyRequestsStore((s) => s.slug);
  const { t } = useAudienceTranslation();
  if (tracked.length === 0 && sending.length === 0) return null;

  return (
    <section className="my-requests card" aria-labelledby="my-requests-title">
      <h2 id="my-requests-title">{t('yourRequests')}</h2>
      <ul aria-live="polite">
        {sending.map((item) => (
          <li key={item.key} className="my-request">
            <span className="my-request-song" translate="no">
              <span className="my-request-title">{item.song_title}</span>
              <span className="my-request-artist">{item.song_artist}</span>
            </span>
            <span className="status-badge status-sending">{t('sending')}</span>
          </li>
        ))}
        {tracked.map((item) => (
          <li key={item.token} className="my-request">
            <span className="my-request-song" translate="no">
              <span className="my-request-title">{item.song_title}</span>
              <span className="my-request-artist">{item.song_artist}</span>
            </span>
            <TrackedBadges item={item} />
            <PlayedReceipt item={item} slug={slug} />
            <PushOffer item={item} />
            <InsteadSongs
              songs={offeredInstead(item)}
              sentAs={item.sent_as ?? null}
              onAsked={() => useMyRequestsStore.getState().insteadAsked(item.token)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
