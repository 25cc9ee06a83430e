import { useMemo } from 'react';
import { pushAbility } from '#client/lib/web-push.ts';
import { Icon } from '#client/ui/icons.tsx';
import { useAudienceTranslation } from './i18n/audience-i18n.ts';
import type { TrackedRequest } from './my-requests.ts';
import { pushOfferView } from './push-offer.ts';
import { usePushOffer, usePushOfferStore } from './push-offer-store.ts';

/**
 * "Tell me when it's coming up" under a waiting request (issue 47): one tap asks the browser,
 * subscribes the page's service worker and tells the server; then "We'll tell you when it's
 * next". Where the browser refuses, it says how to allow it; on an iPhone outside the Home
 * Screen, how to get it there. Nothing where the browser cannot push at all.
 */
export function PushOffer({ item }: { item: TrackedRequest }) {
  const { t } = useAudienceTranslation();
  const ability = useMemo(() => pushAbility(), []);
  const state = usePushOffer(item.token);
  const view = pushOfferView(ability, item, state);
  if (view === null) return null;

  const turnOn = () => {
    if (item.push_public_key)
      void usePushOfferStore.getState().turnOn(item.token, item.push_public_key);
  };
  const retry = (
    <button type="button" className="button button-secondary button-small" onClick={turnOn}>
      {t('tryAgain')}
    </button>
  );

  return (
    <div className={`push-offer push-offer-${view}`} aria-live="polite">
      {(view === 'offered' || view === 'asking') && (
        <button
          type="button"
          className="button button-secondary button-small push-offer-button"
          onClick={turnOn}
          disabled={view === 'asking'}
          aria-busy={view === 'asking'}
        >
          <Icon name="bell" size={18} />
          {t(view === 'asking' ? 'pushAsking' : 'pushOffer')}
        </button>
      )}
      {view === 'on' && (
        <p className="push-offer-line">
          <Icon name="bell" size={18} />
          {t('pushOn')}
        </p>
      )}
      {view === 'denied' && (
        <>
          <p className="push-offer-line">
            <Icon name="bellOff" size={18} />
            {t('pushDenied')}
          </p>
          {retry}
        </>
      )}
      {view === 'failed' && (
        <>
          <p className="push-offer-line">{t('pushFailed')}</p>
          {retry}
        </>
      )}
      {view === 'home-screen' && <p className="push-offer-line">{t('pushHomeScreen')}</p>}
    </div>
  );
}
