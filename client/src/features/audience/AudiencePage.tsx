import { useEffect, useState } from 'react';
import { LoadingState } from '#client/ui/LoadingState.tsx';
import { AudienceMain } from './AudienceMain.tsx';
import { audienceOutbox } from './audience-outbox.ts';
import { slugFromPath } from './audience-location.ts';
import { useAudienceStore } from './audience-store.ts';
import { useLocaleStore } from './i18n/locale-store.ts';
import { LoadFailed } from './LoadFailed.tsx';
import { MusicianNotFound } from './MusicianNotFound.tsx';
import { useMyRequestsStore } from './my-requests-store.ts';
import { PausedPage } from './PausedPage.tsx';
import './audience.css';
import { useAudienceTranslation } from './i18n/audience-i18n.ts';
import { useDocumentLanguage } from './use-document-language.ts';
import { useTipLink } from './use-tip-link.ts';

/**
 * The public page the audience opens from the musician's link, /musician/{slug}. It needs no
 * router: it reads its slug from the address, so it also runs as its own small bundle.
 */
export function AudiencePage() {
  const [slug] = useState(() => slugFromPath());
  const view = useAudienceStore((s) => s.view);
  const load = useAudienceStore((s) => s.load);
  const locale = useLocaleStore((s) => s.locale);
  const localeReady = useLocaleStore((s) => s.ready);
  const { t } = useAudienceTranslation();
  useDocumentLanguage(locale);
  useTipLink(view);

  useEffect(() => {
    // The words of the reader's language are fetched while the songs are.
    useLocaleStore.getState().start();
  }, []);

  useEffect(() => {
    useMyRequestsStore.getState().open(slug);
    // Sends what a previous visit could not (the phone slept, the page was closed).
    audienceOutbox();
    void load(slug);
  }, [slug, load]);

  // A moment of blank page rather than a flash of English before Spanish.
  if (!localeReady) return null;

  switch (view) {
    case 'loading':
      return (
        <main className="centered-page">
          <LoadingState label={t('loadingSongs')} />
        </main>
      );
    case 'not-found':
      return <MusicianNotFound />;
    case 'failed':
      return <LoadFailed onRetry={() => void load(slug)} />;
    case 'paused':
      return <PausedPage />;
    case 'ready':
      return <AudienceMain />;
  }
}
