import { fill } from '#shared/fill-message.ts';
import { messages } from '#shared/messages.ts';
import { STARTER_PACK_SONG_COUNT } from '#shared/schemas/song.ts';
import type { Notify } from '#client/lib/use-toast.ts';
import { useStarterPack } from './use-starter-pack.ts';

interface SongsEmptyStateProps {
  onAddSong(): void;
  onImportCsv(): void;
  notify: Notify;
}

/**
 * What a musician with no songs sees first: the three ways to a song list, in plain sight
 * rather than inside the Manage Songs menu. Gone as soon as there is one song.
 */
export function SongsEmptyState({ onAddSong, onImportCsv, notify }: SongsEmptyStateProps) {
  const starterPack = useStarterPack();

  async function addStarterPack() {
    const outcome = await starterPack.add();
    // A toast: on success this panel is gone with the first song, and its text with it.
    notify(outcome.text, outcome.tone);
  }

  return (
    <section className="card songs-empty" aria-labelledby="songs-empty-title">
      <h3 id="songs-empty-title">{messages.songsEmptyTitle}</h3>
      <p>{messages.songsEmptyIntro}</p>
      <div className="songs-empty-actions">
        <button type="button" className="button button-primary" onClick={onAddSong}>
          Add your first song
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={starterPack.busy}
          onClick={() => void addStarterPack()}
        >
          {starterPack.busy
            ? 'Adding…'
            : fill(messages.starterPackButton, { count: STARTER_PACK_SONG_COUNT })}
        </button>
        <button type="button" className="button button-secondary" onClick={onImportCsv}>
          Import a CSV
        </button>
      </div>
    </section>
  );
}
