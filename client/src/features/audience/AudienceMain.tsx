import { useEffect } from 'react';
import { AudienceHeader } from './AudienceHeader.tsx';
import { AudienceModals } from './AudienceModals.tsx';
import { useAudienceStore } from './audience-store.ts';
import { RequestsOffNotice } from './RequestsOffNotice.tsx';
import { RequestWindowNotice } from './RequestWindowNotice.tsx';
import { SongBrowser } from './SongBrowser.tsx';
import { QueueTabs } from './QueueTabs.tsx';
import { useAudienceLive } from './use-audience-live.ts';
import { YourRequests } from './YourRequests.tsx';
import { CheckoutReturnNotice } from './CheckoutReturnNotice.tsx';
import { ProofProgress } from './proof-of-work/ProofProgress.tsx';
import { useAudienceTranslation } from './i18n/audience-i18n.ts';

/** The page once loaded: header, notices, the requester's own requests, the songs, the modals. */
export function AudienceMain() {
  const musician = useAudienceStore((s) => s.musician);
  const scheme = useAudienceStore((s) => s.design.color_scheme);
  const { t } = useAudienceTranslation();
  useAudienceLive();

  // On the root, so the page background and the modals take the colours too.
  useEffect(() => {
    document.documentElement.dataset.scheme = scheme;
    return () => {
      delete document.documentElement.dataset.scheme;
    };
  }, [scheme]);

  if (!musician) return null;
  return (
    <div className="audience">
      <title>{t('documentTitle', { name: musician.name })}</title>
      <AudienceHeader />
      <main className="audience-main">
        <CheckoutReturnNotice />
        <ProofProgress />
        {/* One notice at a time: the countdown while open, else the requests-off one. */}
        {musician.requests_enabled ? <RequestWindowNotice /> : <RequestsOffNotice />}
        <YourRequests />
        <QueueTabs>
          <SongBrowser />
        </QueueTabs>
      </main>
      <AudienceModals />
    </div>
  );
}
