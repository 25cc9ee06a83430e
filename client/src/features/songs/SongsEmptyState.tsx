import { fill, plural } from '#shared/fill-message.ts';
import { messages } from '#shared/messages.ts';
import { STARTER_PACK_SONG_COUNT } from '#shared/schemas/song.ts';
import type { Notify } from '#client/lib/use-toast.ts';
import { useStarterPack } from './use-starter-pack.ts';

/** Below this many songs the starter pack stays offered: a set list is rarely that short. */
export const FEW_SONGS = 20;

interface SongsEmptyStateProps {
  /** Songs in the list: none shows the three ways in; a few keep the starter pack at hand. */
  songCount: number;
  onAddSong(): void;
  onImportCsv(): void;
  notify: Notify;
}

/**
 * What a musician with no songs sees first: the three ways to a song list, in plain sight
 * rather than inside the Manage Songs menu. With a few songs, the starter pack stays one tap
 * away; with FEW_SONGS or more it is gone (the Manage Songs menu's CSV panel still offers it).
 */
export function SongsEmptyState({
  songCount,
  onAddSong,
  onImportCsv,
  notify,
}: SongsEmptyStateProps) {
  const starterPack = useStarterPack();

  async function addStarterPack() {
    const outcome = await starterPack.add();
    // A toast: on success this panel may be gone with the new songs, and its text with it.
    notify(outcome.text, outcome.tone);
  }

  const starterPackButton = (
    <button
      type="button"
      className={songCount === 0 ? 'button button-secondary' : 'button button-primary'}
      disabled={starterPack.busy}
      onClick={() => void addStarterPack()}
    >
      {starterPack.busy
        ? 'Adding…'
        : fill(messages.starterPackButton, { count: STARTER_PACK_SONG_COUNT })}
    </button>
  );

  if (songCount > 0) {
    return (
      <section className="card songs-empty songs-few" aria-labelledby="songs-few-title">
        <div>
          <h3 id="songs-few-title">
            {fill(messages.songsFewTitle, { songs: plural(songCount, 'song', 'songs') })}
          </h3>
          <p className="muted">
            {fill(messages.songsFewIntro, { count: STARTER_PACK_SONG_COUNT })}
          </p>
        </div>
        <div className="songs-empty-actions">{starterPackButton}</div>
      </section>
    );
  }

  return (
    <section className="card songs-empty" aria-labelledby="songs-empty-title">
      <h3 id="songs-empty-title">{messages.songsEmptyTitle}</h3>
      <p>{messages.songsEmptyIntro}</p>
      <div className="songs-empty-actions">
        <button type="button" className="button button-primary" onClick={onAddSong}>
          Add your first song
        </button>
        {starterPackButton}
        <button type="button" className="button button-secondary" onClick={onImportCsv}>
          Import a CSV
        </button>
      </div>
    </section>
  );
}
