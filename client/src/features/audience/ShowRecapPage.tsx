import { useCallback, useEffect, useState } from 'react';
import { LoadingState } from '#client/ui/LoadingState.tsx';
import type { ShowRecap } from '#shared/schemas/show-recap.ts';
import { ArtistAvatar } from './ArtistAvatar.tsx';
import { useAudienceTranslation } from './i18n/audience-i18n.ts';
import { formatClock, formatDay } from './i18n/locale-format.ts';
import { useLocaleStore } from './i18n/locale-store.ts';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { LoadFailed } from './LoadFailed.tsx';
import { ProfileLinkList } from './ProfileLinkList.tsx';
import { connectLinks, listenLinks } from './profile-links.ts';
import { loadRecap, type RecapView } from './show-recap-load.ts';
import { tipsAvailable } from './tip-rules.ts';
import { useDocumentLanguage } from './use-document-language.ts';
import { tipPageAddress } from './use-tip-link.ts';
import './audience.css';
import './audience-modals.css';
import './show-recap.css';

const audiencePageAddress = (slug: string) => `/musician/${encodeURIComponent(slug)}`;

/** On the root, so the page background takes the musician's colours too. */
function useScheme(scheme: string | undefined): void {
  useEffect(() => {
    if (!scheme) return;
    document.documentElement.dataset.scheme = scheme;
    return () => {
      delete document.documentElement.dataset.scheme;
    };
  }, [scheme]);
}

function NotShared({ slug }: { slug: string }) {
  const { t } = useAudienceTranslation();
  return (
    <main className="centered-page">
      <div className="card empty-card">
        <p>{t('messages:showRecapNotFound')}</p>
        <a className="button button-secondary" href={audiencePageAddress(slug)}>
          {t('setlistSongList')}
        </a>
      </div>
    </main>
  );
}

/** The show's songs in the order played, each with its time on the phone's clock. */
function Setlist({ recap }: { recap: ShowRecap }) {
  const { t } = useAudienceTranslation();
  const locale = useLocaleStore((s) => s.locale);
  const { show, songs } = recap;
  const day = formatDay(show.performed_on ?? show.started_at, locale);
  return (
    <section className="card recap-setlist" aria-labelledby="recap-show">
      <p className="recap-kicker">{t('setlistTitle')}</p>
      <h1 id="recap-show" className="recap-show" translate="no">
        {show.name}
      </h1>
      <p className="recap-meta">
        {day}
        {show.venue_name && (
          <>
            {' · '}
            <span translate="no">{show.venue_name}</span>
          </>
        )}
      </p>
      <p className="recap-count">{t('setlistSongs', { count: songs.length })}</p>
      <ol className="recap-songs">
        {songs.map((song, index) => (
          <li key={`${index}:${song.played_at}`} className="recap-song">
            <span className="recap-song-text" translate="no">
              <span className="recap-title">{song.title}</span>
              <span className="recap-artist">{song.artist}</span>
            </span>
            <time className="recap-time" dateTime={song.played_at}>
              {formatClock(new Date(song.played_at), locale)}
            </time>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** After the setlist: a tip, the musician's pages, and their song list for next time. */
function Thanks({ recap }: { recap: ShowRecap }) {
  const { t } = useAudienceTranslation();
  const { musician } = recap;
  return (
    <section className="card recap-thanks">
      {tipsAvailable(musician) && (
        <>
          <h2>{t('setlistTipTitle')}</h2>
          <a className="button button-primary recap-tip" href={tipPageAddress(musician.slug)}>
            {t('setlistTip', { name: musician.name })}
          </a>
        </>
      )}
      <ProfileLinkList title={t('connect')} links={connectLinks(musician)} />
      <ProfileLinkList title={t('listen')} links={listenLinks(musician)} />
      <a className="button button-secondary recap-more" href={audiencePageAddress(musician.slug)}>
        {t('setlistMore', { name: musician.name })}
      </a>
    </section>
  );
}

/**
 * A show's setlist after it ended (issue 47), /musician/{slug}/shows/{showId}: what was played,
 * in order, with the musician's tip and follow links. Nobody's name: only songs and times.
 */
export function ShowRecapPage({ slug, showId }: { slug: string; showId: string }) {
  const [state, setState] = useState<RecapView>({ view: 'loading' });
  const locale = useLocaleStore((s) => s.locale);
  const localeReady = useLocaleStore((s) => s.ready);
  const { t } = useAudienceTranslation();
  useDocumentLanguage(locale);
  useScheme(state.view === 'ready' ? state.design?.color_scheme : undefined);

  const fetchRecap = useCallback(() => loadRecap(slug, showId).then(setState), [slug, showId]);
  const retry = () => {
    setState({ view: 'loading' });
    void fetchRecap();
  };

  useEffect(() => {
    useLocaleStore.getState().start();
    void fetchRecap();
  }, [fetchRecap]);

  if (!localeReady) return null;
  switch (state.view) {
    case 'loading':
      return (
        <main className="centered-page">
          <LoadingState label={t('setlistLoading')} />
        </main>
      );
    case 'not-shared':
      return <NotShared slug={slug} />;
    case 'failed':
      return <LoadFailed onRetry={retry} />;
    case 'ready': {
      const { recap, design } = state;
      const name = recap.musician.name;
      return (
        <div className="audience recap-page">
          <title>{t('setlistDocumentTitle', { show: recap.show.name, name })}</title>
          <header className="audience-header">
            <div className="audience-header-inner">
              <ArtistAvatar photo={design?.artist_photo ?? null} name={name} size="small" />
              <p className="audience-name recap-artist-name" translate="no">
                <a href={audiencePageAddress(recap.musician.slug)}>{name}</a>
              </p>
              <div className="header-actions">
                <LanguageSwitcher />
              </div>
            </div>
          </header>
          <main className="audience-main recap-main">
            <Setlist recap={recap} />
            <Thanks recap={recap} />
          </main>
        </div>
      );
    }
  }
}
