import { useId } from 'react';
import type { LayoutMode } from '#shared/audience-constants.ts';
import { SONG_SORT_OPTIONS, type SongSortOption } from '#shared/song-sort-options.ts';
import type { SongBrowserState } from './use-song-browser.ts';
import { useAudienceTranslation } from './i18n/audience-i18n.ts';

/** Each sort option's name in the catalog (the English ones are SONG_SORT_OPTIONS' labels). */
const SORT_LABELS = {
  'most-popular': 'sortMostPopular',
  alphabetical: 'sortAlphabetical',
  newest: 'sortNewest',
  random: 'sortRandom',
} as const satisfies Record<SongSortOption, string>;

interface SongToolbarProps {
  browser: SongBrowserState;
  filtersOpen: boolean;
  onToggleFilters(): void;
  /** The layout shown, or null on a phone (no toggle there). */
  layout: LayoutMode | null;
  onLayout(layout: LayoutMode): void;
}

/**
 * Search, then sort and filters on one line beneath it (and Grid / List on wide screens): held
 * at the top of the screen while the songs scroll under it, in about 100 px on a phone.
 */
export function SongToolbar({
  browser,
  filtersOpen,
  onToggleFilters,
  layout,
  onLayout,
}: SongToolbarProps) {
  const id = useId();
  const { t } = useAudienceTranslation();
  return (
    <div className="song-toolbar" role="search">
      <div className="field search-field">
        <label htmlFor={`${id}-search`} className="visually-hidden">
          {t('searchSongs')}
        </label>
        <input
          id={`${id}-search`}
          type="search"
          placeholder={t('searchPlaceholder')}
          autoComplete="off"
          enterKeyHint="search"
          value={browser.query}
          onChange={(event) => browser.setQuery(event.target.value)}
        />
      </div>
      <div className="toolbar-row">
        <div className="field sort-field">
          <label htmlFor={`${id}-sort`}>{t('sort')}</label>
          <select
            id={`${id}-sort`}
            value={browser.sort}
            onChange={(event) => browser.setSort(event.target.value as SongSortOption)}
          >
            {SONG_SORT_OPTIONS.map((option) => (
              <option key={option.id} value={option.id}>
                {t(SORT_LABELS[option.id])}
              </option>
            ))}
          </select>
        </div>
        {browser.sort === 'random' && (
          <button type="button" className="button button-ghost" onClick={browser.shuffle}>
            {t('shuffle')}
          </button>
        )}
        <button
          type="button"
          className="button button-ghost filters-toggle"
          aria-expanded={filtersOpen}
          onClick={onToggleFilters}
        >
          <svg className="button-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M4 7h10M18 7h2M4 17h4M12 17h8" />
            <circle cx="16" cy="7" r="2" />
            <circle cx="10" cy="17" r="2" />
          </svg>
          <span className="button-label">{filtersOpen ? t('hideFilters') : t('viewFilters')}</span>
          {browser.filtering && (
            <span className="filter-dot">
              <span className="visually-hidden">{t('filtersOn')}</span>
            </span>
          )}
        </button>
        {layout && (
          <div className="layout-toggle" role="group" aria-label={t('layout')}>
            {(['grid', 'list'] as const).map((mode) => (
              <button
                key={mode}
                type="button"
                className="button button-ghost"
                aria-pressed={layout === mode}
                onClick={() => onLayout(mode)}
              >
                {mode === 'grid' ? t('grid') : t('list')}
              </button>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
