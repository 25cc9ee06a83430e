import { useId } from 'react';
import type { LayoutMode } from '#shared/audience-constants.ts';
import { SONG_SORT_OPTIONS, type SongSortOption } from '#shared/song-sort-options.ts';
import type { SongBrowserState } from './use-song-browser.ts';

interface SongToolbarProps {
  browser: SongBrowserState;
  filtersOpen: boolean;
  onToggleFilters(): void;
  /** The layout shown, or null on a phone (no toggle there). */
  layout: LayoutMode | null;
  onLayout(layout: LayoutMode): void;
}

export function SongToolbar({
  browser,
  filtersOpen,
  onToggleFilters,
  layout,
  onLayout,
}: SongToolbarProps) {
  const id = useId();
  return (
    <div className="song-toolbar">
      <div className="field search-field">
        <label htmlFor={`${id}-search`} className="visually-hidden">
          Search songs
        </label>
        <input
          id={`${id}-search`}
          type="search"
          placeholder="Search title, artist, genre"
          autoComplete="off"
          enterKeyHint="search"
          value={browser.query}
          onChange={(event) => browser.setQuery(event.target.value)}
        />
      </div>
      <div className="toolbar-row">
        <div className="field sort-field">
          <label htmlFor={`${id}-sort`}>Sort</label>
          <select
            id={`${id}-sort`}
            value={browser.sort}
            onChange={(event) => browser.setSort(event.target.value as SongSortOption)}
          >
            {SONG_SORT_OPTIONS.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        {browser.sort === 'random' && (
          <button type="button" className="button button-ghost" onClick={browser.shuffle}>
            Shuffle
          </button>
        )}
        <button
          type="button"
          className="button button-ghost"
          aria-expanded={filtersOpen}
          onClick={onToggleFilters}
        >
          {filtersOpen ? 'Hide Filters' : 'View Filters'}
          {browser.filtering && (
            <span className="filter-dot">
              <span className="visually-hidden">(on)</span>
            </span>
          )}
        </button>
        {layout && (
          <div className="layout-toggle" role="group" aria-label="Layout">
            {(['grid', 'list'] as const).map((mode) => (
              <button
                key={mode}
                type="button"
                className="button button-ghost"
                aria-pressed={layout === mode}
                onClick={() => onLayout(mode)}
              >
                {mode === 'grid' ? 'Grid' : 'List'}
              </button>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
