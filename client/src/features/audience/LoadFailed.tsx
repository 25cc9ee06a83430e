import { useAudienceTranslation } from './i18n/audience-i18n.ts';

interface LoadFailedProps {
  onRetry(): void;
}

export function LoadFailed({ onRetry }: LoadFailedProps) {
  const { t } = useAudienceTranslation();
  return (
    <main className="centered-page">
      <div className="card empty-card" role="alert">
        <p>{t('messages:pageLoadFailed')}</p>
        <button type="button" className="button button-primary" onClick={onRetry}>
          {t('tryAgain')}
        </button>
      </div>
    </main>
  );
}
