import { Modal } from '#client/ui/Modal.tsx';
import './help.css';

interface SongsHelpDialogProps {
  open: boolean;
  onClose(): void;
}

/** How the Songs tab works, opened from the Songs tab's Songs Help button. */
export function SongsHelpDialog({ open, onClose }: SongsHelpDialogProps) {
  return (
    <Modal title="Songs Help" open={open} onClose={onClose}>
      <div className="help-text">
        <h3>Adding songs</h3>
        <p>
          Use <strong>Manage Songs</strong> to add a song by hand (a title and artist are enough;
          genres, moods and a year help the audience browse), import a Spotify or Apple Music
          playlist, upload a CSV or LST file, or export your list as CSV. You see a preview before
          anything is added; songs already in your list are skipped.
        </p>
        <h3>CSV files</h3>
        <p>
          A header line with the columns Title, Artist, Genre, Mood, Year. Title and Artist are
          required; several genres or moods go in one cell separated by commas. At most 5 MB.
        </p>
        <h3>LST files</h3>
        <p>
          Plain text, one song per line written as <code>Title - Artist</code>, for example{' '}
          <code>Wonderwall - Oasis</code>. Title and artist may also be separated by a tab. Blank
          lines and lines starting with <code>#</code> are ignored.
        </p>
        <h3>Auto-fill details</h3>
        <p>
          Manage Songs → Auto-fill All looks up missing genres, moods and years for your songs. Run
          it again if some are left.
        </p>
        <h3>Finding songs</h3>
        <p>
          Search, filters and sorting work on your whole list at once. The &quot;No genre&quot;,
          &quot;No mood&quot;, &quot;No year&quot; and &quot;No decade&quot; filter values find
          songs still missing those details.
        </p>
        <h3>Hiding a song</h3>
        <p>
          Hide a song you do not want to play tonight: it stays in your list, but the audience does
          not see it until you show it again.
        </p>
        <h3>Playlists</h3>
        <p>
          Select songs and choose Add to Playlist. Under Manage Playlists you can rename, reorder,
          make a playlist public or private, and set one playlist active: your audience link then
          shows only its songs, in its order.
        </p>
      </div>
    </Modal>
  );
}
