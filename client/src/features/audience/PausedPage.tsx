import { useAudienceStore } from './audience-store.ts';
import { useAudienceTranslation } from './i18n/audience-i18n.ts';

/**
 * The musician's page is paused (access check denied): the server's message, or the spec's
 * sentence in the reader's language when the server gives none.
 */
export function PausedPage() {
  const message = useAudienceStore((s) => s.pausedMessage);
  const { t } = useAudienceTranslation();
  return (
    <main className="centered-page">
      <div className="card empty-card">
        <h1 className="paused-title">{message || t('messages:pagePaused')}</h1>
      </div>
    </main>
  );
}
