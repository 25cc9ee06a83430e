import { plural } from '#shared/fill-message.ts';
import { memo } from 'react';
import type { Song } from '#shared/schemas/song.ts';
import { ConfirmButton } from '#client/ui/ConfirmButton.tsx';

export interface SongRowHandlers {
  toggleSelected(id: string): void;
  edit(song: Song): void;
  toggleVisibility(song: Song): void;
  remove(song: Song): void;
}

interface SongRowProps {
  song: Song;
  selected: boolean;
  handlers: SongRowHandlers;
}

/** One song: select box, details, Edit, Hide/Show and Delete (with confirmation). */
export const SongRow = memo(function SongRow({ song, selected, handlers }: SongRowProps) {
  const meta = [song.genres.join(', '), song.moods.join(', '), song.year]
    .filter((part) => part !== null && part !== '')
    .join(' · ');
  const name = `${song.title} by ${song.artist}`;
  return (
    <article className={song.hidden ? 'song-row song-row-hidden' : 'song-row'} aria-label={name}>
      <input
        type="checkbox"
        className="song-select"
        aria-label={`Select ${name}`}
        checked={selected}
        onChange={() => handlers.toggleSelected(song.id)}
      />
      <div className="song-row-body">
        <p className="song-row-title">
          {song.title} <span className="song-row-artist">{song.artist}</span>
          {song.hidden && <span className="song-flag">Hidden</span>}
        </p>
        <p className="song-row-meta">
          {meta || 'No details yet'}
          {song.request_count > 0 && ` · ${plural(song.request_count, 'request', 'requests')}`}
        </p>
      </div>
      <div className="song-row-actions">
        <button
          type="button"
          className="button button-ghost button-small"
          aria-label={`Edit ${name}`}
          onClick={() => handlers.edit(song)}
        >
          Edit
        </button>
        <button
          type="button"
          className="button button-ghost button-small"
          aria-label={`${song.hidden ? 'Show' : 'Hide'} ${name}`}
          onClick={() => handlers.toggleVisibility(song)}
        >
          {song.hidden ? 'Show' : 'Hide'}
        </button>
        <ConfirmButton
          label="Delete"
          accessibleName={`Delete ${name}`}
          title="Delete this song?"
          message={`"${song.title}" by ${song.artist} will be removed from your list and your playlists.`}
          confirmLabel="Delete song"
          onConfirm={() => handlers.remove(song)}
        />
      </div>
    </article>
  );
});
