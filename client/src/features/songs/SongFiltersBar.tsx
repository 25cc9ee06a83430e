import { useId } from 'react';
import { NO_VALUE_FILTER } from '#shared/schemas/song.ts';
import { SONG_SORT_OPTIONS, type SongSortOption } from '#shared/song-sort-options.ts';
import { hasFilters, type SongFilters } from '#client/lib/song-list/song-filters.ts';
import { selectFilters, useSongsStore } from './songs-store.ts';
import { useFilterOptions } from './use-visible-songs.ts';

interface FilterSelectProps {
  label: string;
  value: string;
  /** Label of the 'none' option, e.g. "No genre". */
  noneLabel: string;
  options: readonly (string | number)[];
  onChange(value: string): void;
}

function FilterSelect({ label, value, noneLabel, options, onChange }: FilterSelectProps) {
  const id = useId();
  return (
    <div className="field filter-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">All</option>
        <option value={NO_VALUE_FILTER}>{noneLabel}</option>
        {options.map((option) => (
          <option key={option} value={String(option)}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}

interface SongFiltersBarProps {
  sort: SongSortOption;
  onSort(sort: SongSortOption): void;
}

/** Search box, sort, and the genre, mood, year and decade filters; all applied locally. */
export function SongFiltersBar({ sort, onSort }: SongFiltersBarProps) {
  const filters = useSongsStore(selectFilters);
  const setFilter = useSongsStore((s) => s.setFilter);
  const clearFilters = useSongsStore((s) => s.clearFilters);
  const reshuffle = useSongsStore((s) => s.reshuffle);
  const options = useFilterOptions();
  const searchId = useId();
  const sortId = useId();
  const set = (key: keyof SongFilters) => (value: string) => setFilter(key, value);

  return (
    <div className="song-filters" role="search" aria-label="Song list">
      <div className="field song-search">
        <label htmlFor={searchId}>Search songs</label>
        <input
          id={searchId}
          type="search"
          placeholder="Title, artist, genre, mood or notes"
          autoComplete="off"
          value={filters.query}
          onChange={(event) => setFilter('query', event.target.value)}
        />
      </div>
      <div className="field filter-field">
        <label htmlFor={sortId}>Sort</label>
        <select
          id={sortId}
          value={sort}
          onChange={(event) => onSort(event.target.value as SongSortOption)}
        >
          {SONG_SORT_OPTIONS.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {sort === 'random' && (
        <button
          type="button"
          className="button button-secondary button-small filter-button"
          onClick={() => reshuffle()}
        >
          Shuffle
        </button>
      )}
      <FilterSelect
        label="Genre"
        noneLabel="No genre"
        value={filters.genre}
        options={options.genres}
        onChange={set('genre')}
      />
      <FilterSelect
        label="Mood"
        noneLabel="No mood"
        value={filters.mood}
        options={options.moods}
        onChange={set('mood')}
      />
      <FilterSelect
        label="Year"
        noneLabel="No year"
        value={filters.year}
        options={options.years}
        onChange={set('year')}
      />
      <FilterSelect
        label="Decade"
        noneLabel="No decade"
        value={filters.decade}
        options={options.decades}
        onChange={set('decade')}
      />
      {hasFilters(filters) && (
        <button
          type="button"
          className="button button-ghost button-small filter-button"
          onClick={clearFilters}
        >
          Clear All
        </button>
      )}
    </div>
  );
}
