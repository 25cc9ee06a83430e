import { plural } from '#shared/fill-message.ts';
import { useEffect, useRef } from 'react';
import type { Song } from '#shared/schemas/song.ts';
import { ConfirmButton } from '#client/ui/ConfirmButton.tsx';
import { selectSelected, useSongsStore } from './songs-store.ts';

interface SongSelectionBarProps {
  /** The filtered list: select-all selects these. */
  visible: readonly Song[];
  onBatchEdit(): void;
  onBatchDelete(): void;
  onAddToPlaylist(): void;
}

/** Select-all and the actions on the selected songs. */
export function SongSelectionBar({
  visible,
  onBatchEdit,
  onBatchDelete,
  onAddToPlaylist,
}: SongSelectionBarProps) {
  const selected = useSongsStore(selectSelected);
  const setSelected = useSongsStore((s) => s.setSelected);
  const box = useRef<HTMLInputElement>(null);
  const visibleSelected = visible.reduce((count, song) => count + +selected.has(song.id), 0);
  const allSelected = visible.length > 0 && visibleSelected === visible.length;

  useEffect(() => {
    if (box.current) box.current.indeterminate = visibleSelected > 0 && !allSelected;
  }, [visibleSelected, allSelected]);

  return (
    <div className="song-selection-bar" role="toolbar" aria-label="Selected songs">
      <label className="checkbox-label">
        <input
          ref={box}
          type="checkbox"
          checked={allSelected}
          onChange={() => setSelected(allSelected ? [] : visible.map((song) => song.id))}
        />
        Select all
      </label>
      <span className="selection-count" aria-live="polite">
        {selected.size} selected
      </span>
      <button type="button" className="button button-secondary button-small" onClick={onBatchEdit}>
        Batch Edit
      </button>
      <button
        type="button"
        className="button button-secondary button-small"
        onClick={onAddToPlaylist}
      >
        Add to Playlist
      </button>
      {selected.size === 0 ? (
        <button type="button" className="button button-ghost button-small" onClick={onBatchDelete}>
          Delete Selected
        </button>
      ) : (
        <ConfirmButton
          label="Delete Selected"
          title="Delete the selected songs?"
          message={`${plural(selected.size, 'song', 'songs')} will be removed from your list and your playlists.`}
          confirmLabel="Delete songs"
          onConfirm={onBatchDelete}
        />
      )}
    </div>
  );
}
