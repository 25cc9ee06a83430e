import { useEffect, useId, useMemo } from 'react';
import type { PublicPlaylist } from '#shared/schemas/playlist.ts';
import { filterOptionsOf } from '#shared/song-filter-options.ts';
import { useAudienceStore } from './audience-store.ts';
import type { TagFilters } from '#client/lib/song-list/song-filters.ts';
import type { SongBrowserState } from './use-song-browser.ts';
import { useAudienceTranslation } from './i18n/audience-i18n.ts';

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

const choices = (anyLabel: string, values: readonly (string | number)[]) => [
  { value: '', label: anyLabel },
  ...values.map((value) => ({ value: String(value), label: String(value) })),
];

/**
 * The playlists a person may choose: with one active, the public playlists only (the active one
 * limits what can be requested, so All Songs is not offered); else All Songs first.
 */
export function playlistChoices(playlists: readonly PublicPlaylist[], allSongsLabel: string) {
  const named = playlists.map((p) => ({ value: p.id, label: p.name }));
  if (playlists.some((p) => p.is_active)) return named;
  return [{ value: ALL_SONGS, label: allSongsLabel }, ...named];
}

interface FiltersPanelProps {
  browser: SongBrowserState;
  onClearAll(): void;
}

/**
 * Playlist (asked of the server), genre, mood, year and decade (applied in memory). The filters
 * offer the values of the playlist's songs only, so no choice leads to an empty list.
 */
export function FiltersPanel({ browser, onClearAll }: FiltersPanelProps) {
  const songs = useAudienceStore((s) => s.songs);
  const playlists = useAudienceStore((s) => s.playlists);
  const playlist = useAudienceStore((s) => s.playlist);
  const { loadPlaylists, choosePlaylist } = useAudienceStore.getState();
  const { t } = useAudienceTranslation();
  const options = useMemo(() => filterOptionsOf(songs), [songs]);

  useEffect(() => {
    if (!playlists) void loadPlaylists();
  }, [playlists, loadPlaylists]);

  const pageDefault = playlists?.find((p) => p.is_active)?.id ?? ALL_SONGS;
  const playlistOptions = playlistChoices(playlists ?? [], t('allSongs'));
  const select = (name: keyof TagFilters) => (value: string) => browser.setFilter(name, value);

  return (
    <div className="filters-panel card" role="group" aria-label={t('filters')}>
      {playlistOptions.length > 1 && (
        <FilterSelect
          label={t('playlist')}
          value={playlist || pageDefault}
          options={playlistOptions}
          onChange={(value) => {
            // Another list has other values: a genre chosen for this one could show nothing.
            browser.clearFilters();
            void choosePlaylist(value === pageDefault ? '' : value);
          }}
        />
      )}
      <FilterSelect
        label={t('genre')}
        value={browser.filters.genre}
        options={choices(t('allGenres'), options.genres)}
        onChange={select('genre')}
      />
      <FilterSelect
        label={t('mood')}
        value={browser.filters.mood}
        options={choices(t('allMoods'), options.moods)}
        onChange={select('mood')}
      />
      <FilterSelect
        label={t('year')}
        value={browser.filters.year}
        options={choices(t('allYears'), options.years)}
        onChange={select('year')}
      />
      <FilterSelect
        label={t('decade')}
        value={browser.filters.decade}
        options={choices(t('allDecades'), options.decades)}
        onChange={select('decade')}
      />
      <button type="button" className="button button-ghost clear-all" onClick={onClearAll}>
        {t('clearAll')}
      </button>
    </div>
  );
}
