import { useEffect, useId } from 'react';
import { useAudience } from './audience-store.ts';
import type { SongFilters } from './song-filters.ts';
import type { SongBrowserState } from './use-song-browser.ts';

/** The pseudo-playlist of every song (ALL_SONGS_PLAYLIST_ID, kept here free of zod). */
const ALL_SONGS = 'all_songs';

interface FilterSelectProps {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange(value: string): void;
}

function FilterSelect({ label, value, options, onChange }: FilterSelectProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

const choices = (anyLabel: string, values: readonly (string | number)[] | undefined) => [
  { value: '', label: anyLabel },
  ...(values ?? []).map((value) => ({ value: String(value), label: String(value) })),
];

interface FiltersPanelProps {
  browser: SongBrowserState;
  onClearAll(): void;
}

/** Playlist (asked of the server), genre, mood, year and decade (applied in memory). */
export function FiltersPanel({ browser, onClearAll }: FiltersPanelProps) {
  const options = useAudience((s) => s.filterOptions);
  const playlists = useAudience((s) => s.playlists);
  const playlist = useAudience((s) => s.playlist);
  const { loadFilterOptions, choosePlaylist } = useAudience.getState();

  useEffect(() => {
    if (!options) void loadFilterOptions();
  }, [options, loadFilterOptions]);

  const pageDefault = playlists.find((p) => p.is_active)?.id ?? ALL_SONGS;
  const select = (name: keyof SongFilters) => (value: string) => browser.setFilter(name, value);

  return (
    <div className="filters-panel card" role="group" aria-label="Filters">
      {playlists.length > 0 && (
        <FilterSelect
          label="Playlist"
          value={playlist || pageDefault}
          options={[
            { value: ALL_SONGS, label: 'All Songs' },
            ...playlists.map((p) => ({ value: p.id, label: p.name })),
          ]}
          onChange={(value) => void choosePlaylist(value === pageDefault ? '' : value)}
        />
      )}
      <FilterSelect
        label="Genre"
        value={browser.filters.genre}
        options={choices('All genres', options?.genres)}
        onChange={select('genre')}
      />
      <FilterSelect
        label="Mood"
        value={browser.filters.mood}
        options={choices('All moods', options?.moods)}
        onChange={select('mood')}
      />
      <FilterSelect
        label="Year"
        value={browser.filters.year}
        options={choices('All years', options?.years)}
        onChange={select('year')}
      />
      <FilterSelect
        label="Decade"
        value={browser.filters.decade}
        options={choices('All decades', options?.decades)}
        onChange={select('decade')}
      />
      <button type="button" className="button button-ghost clear-all" onClick={onClearAll}>
        Clear All
      </button>
    </div>
  );
}
