import { messages } from '#shared/messages.ts';
import { LoadingState } from '#client/ui/LoadingState.tsx';
import { songCount } from '#client/lib/format.ts';
import { SongFiltersBar } from './SongFiltersBar.tsx';
import type { SongRowHandlers } from './SongRow.tsx';
import { SongRows } from './SongRows.tsx';
import { selectSongs, selectSongsStatus, useSongsStore } from './songs-store.ts';
import { SongSelectionBar } from './SongSelectionBar.tsx';
import { useSongSort } from './use-song-sort.ts';
import { useVisibleSongs } from './use-visible-songs.ts';
import './songs.css';

interface SongListSectionProps {
  handlers: SongRowHandlers;
  onBatchEdit(): void;
  onBatchDelete(): void;
  onAddToPlaylist(): void;
}

/** Search, filters, sort, selection and the (virtualised) list itself. */
export function SongListSection({ handlers, ...batch }: SongListSectionProps) {
  const [sort, setSort] = useSongSort();
  const visible = useVisibleSongs(sort);
  const total = useSongsStore(selectSongs).length;
  const status = useSongsStore(selectSongsStatus);
  const clearFilters = useSongsStore((s) => s.clearFilters);

  return (
    <section className="song-list-section" aria-labelledby="song-list-title">
      <h3 id="song-list-title">Your Songs</h3>
      <SongFiltersBar sort={sort} onSort={setSort} />
      <SongSelectionBar visible={visible} {...batch} />
      <p className="song-count" role="status">
        {visible.length === total
          ? songCount(total)
          : `Showing ${visible.length.toLocaleString('en-US')} of ${songCount(total)}`}
      </p>
      {status === 'loading' && total === 0 ? (
        <LoadingState label="Loading your songs…" />
      ) : total === 0 ? (
        <p className="empty-note">{messages.noSongsYet}</p>
      ) : visible.length === 0 ? (
        <div className="empty-note">
          <p>{messages.noSongsMatch}</p>
          <button type="button" className="button button-secondary" onClick={clearFilters}>
            Clear Filters
          </button>
        </div>
      ) : (
        <SongRows songs={visible} handlers={handlers} />
      )}
    </section>
  );
}
