import { useAudienceTranslation } from './i18n/audience-i18n.ts';

export function MusicianNotFound() {
  const { t } = useAudienceTranslation();
  return (
    <main className="centered-page">
      <div className="card empty-card">
        <h1>{t('messages:musicianNotFound')}</h1>
        <p>{t('messages:musicianNotFoundDescription')}</p>
        {/* A plain link: the audience page runs without a router. */}
        <a className="button button-secondary" href="/">
          {t('goHome')}
        </a>
      </div>
    </main>
  );
}
