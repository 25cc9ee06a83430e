import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Song } from '#shared/schemas/song.ts';

interface SortableSongProps {
  song: Song;
  position: number;
  onRemove(id: string): void;
}

/** A playlist song with a drag handle (mouse, touch, or keyboard: Space, arrows, Space). */
export function SortableSong({ song, position, onRemove }: SortableSongProps) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: song.id,
  });
  const name = `${song.title} by ${song.artist}`;

  return (
    <li
      ref={setNodeRef}
      className={isDragging ? 'sortable-song sortable-song-dragging' : 'sortable-song'}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      aria-label={name}
    >
      <button
        type="button"
        className="drag-handle"
        aria-label={`Move ${name}, position ${position}`}
        {...attributes}
        {...listeners}
      >
        ⠿
      </button>
      <span className="sortable-song-text">
        <span className="song-row-title">{song.title}</span>{' '}
        <span className="song-row-artist">{song.artist}</span>
      </span>
      <button
        type="button"
        className="button button-ghost button-small"
        aria-label={`Remove ${name} from the playlist`}
        onClick={() => onRemove(song.id)}
      >
        Remove
      </button>
    </li>
  );
}
