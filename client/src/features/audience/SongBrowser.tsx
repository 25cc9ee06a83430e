import { useState } from 'react';
import type { LayoutMode } from '#shared/audience-constants.ts';
import { SONG_FIELD_MAX_LENGTH } from '#shared/limits.ts';
import { useAudienceFlowStore } from './audience-flow-store.ts';
import { useAudienceStore } from './audience-store.ts';
import { FiltersPanel } from './FiltersPanel.tsx';
import { pickRandom } from '#client/lib/song-list/song-order.ts';
import { SongListView } from './SongListView.tsx';
import { SongToolbar } from './SongToolbar.tsx';
import { useMediaQuery } from './use-media-query.ts';
import { useSongBrowser } from './use-song-browser.ts';
import './song-browser.css';
import { useAudienceTranslation } from './i18n/audience-i18n.ts';

/** A die: Random Song's mark, beside its words. */
function DiceIcon() {
  return (
    <svg className="button-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="4" y="4" width="16" height="16" rx="3.5" />
      <circle cx="9" cy="9" r="1.3" />
      <circle cx="15" cy="15" r="1.3" />
      <circle cx="15" cy="9" r="1.3" />
      <circle cx="9" cy="15" r="1.3" />
    </svg>
  );
}

/**
 * Search, sort and filters (held at the top of the screen while the list scrolls), the count
 * line with Random Song, a secondary action, and the (virtualised) song list.
 */
export function SongBrowser() {
  const songs = useAudienceStore((s) => s.songs);
  const playlist = useAudienceStore((s) => s.playlist);
  const design = useAudienceStore((s) => s.design);
  const requestsOn = useAudienceStore((s) => s.musician?.requests_enabled ?? false);
  const { choosePlaylist } = useAudienceStore.getState();
  const { openRequest, openSuggest } = useAudienceFlowStore.getState();
  const browser = useSongBrowser(songs);
  const { t } = useAudienceTranslation();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [chosenLayout, setChosenLayout] = useState<LayoutMode | null>(null);
  // The toggle is for wide screens only; a phone follows the musician's choice.
  const wide = useMediaQuery('(min-width: 768px)');
  const layout = (wide && chosenLayout) || design.layout_mode;
  const { shown } = browser;

  const clearAll = () => {
    browser.clearFilters();
    if (playlist) void choosePlaylist('');
  };
  const clearEverything = () => {
    clearAll();
    browser.setQuery('');
  };
  const narrowed = shown.length !== songs.length;
  // Random Song never picks a song the no-repeats rule holds back, nor one already coming up.
  const requestable = shown.filter((song) => !song.played_at && !song.coming_up);
  // The suggestion starts from what was searched for (its title, as typed).
  const suggest = design.allow_song_suggestions && (
    <button
      type="button"
      className="button button-secondary"
      onClick={() => openSuggest(browser.query.trim().slice(0, SONG_FIELD_MAX_LENGTH))}
    >
      {t('suggestASong')}
    </button>
  );

  return (
    <section className="song-browser" aria-labelledby="songs-title">
      <h2 id="songs-title" className="visually-hidden">
        {t('songsHeading')}
      </h2>
      <SongToolbar
        browser={browser}
        filtersOpen={filtersOpen}
        onToggleFilters={() => setFiltersOpen((open) => !open)}
        layout={wide ? layout : null}
        onLayout={setChosenLayout}
      />
      {filtersOpen && <FiltersPanel browser={browser} onClearAll={clearAll} />}
      <div className="song-count-row">
        <p className="audience-song-count" role="status">
          {narrowed
            ? t('showingSongs', { shown: shown.length, count: songs.length })
            : t('songCount', { count: songs.length })}
        </p>
        {requestsOn && requestable.length > 0 && (
          <button
            type="button"
            className="button button-ghost random-song"
            onClick={() => {
              const song = pickRandom(requestable);
              if (song) openRequest(song);
            }}
          >
            <DiceIcon />
            <span className="button-label">{t('randomSong')}</span>
          </button>
        )}
      </div>
      {shown.length === 0 ? (
        <div className="audience-empty">
          <p>{songs.length === 0 ? t('messages:noSongsYet') : t('messages:noSongsMatch')}</p>
          <div className="button-row">
            {suggest}
            {songs.length > 0 && (
              <button type="button" className="button button-ghost" onClick={clearEverything}>
                {t('clearFilters')}
              </button>
            )}
          </div>
        </div>
      ) : (
        <>
          <SongListView
            songs={shown}
            layout={layout}
            wide={wide}
            showYear={design.show_year}
            showNotes={design.show_notes}
            onRequest={requestsOn ? openRequest : null}
          />
          {suggest && <div className="suggest-footer">{suggest}</div>}
        </>
      )}
    </section>
  );
}
