import type { Song } from '#shared/schemas/song.ts';
import { Modal } from '#client/ui/Modal.tsx';
import { formFromSong } from './song-form.ts';
import { SongForm } from './SongForm.tsx';
import type { SongActions } from './use-song-actions.ts';

interface EditSongModalProps {
  song: Song | null;
  actions: SongActions;
  onClose(): void;
}

export function EditSongModal({ song, actions, onClose }: EditSongModalProps) {
  return (
    <Modal title="Edit Song" open={song !== null} onClose={onClose}>
      {song && (
        <SongForm
          initial={formFromSong(song)}
          submitLabel="Save Changes"
          onCancel={onClose}
          onSubmit={async (input) => {
            const error = await actions.save(song.id, input);
            if (!error) onClose();
            return error;
          }}
        />
      )}
    </Modal>
  );
}

export function SongsHelpModal({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <Modal title="Songs Help" open={open} onClose={onClose}>
      <div className="help-text">
        <h3>Adding songs</h3>
        <p>
          Use <strong>Manage Songs</strong> to add a song by hand, import a Spotify or Apple Music
          playlist, upload a CSV or LST file, fill in missing details with Auto-fill All, or export
          your list as CSV.
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
        <h3>Finding songs</h3>
        <p>
          Search, filters and sorting work on your whole list at once. The &quot;No genre&quot;,
          &quot;No mood&quot;, &quot;No year&quot; and &quot;No decade&quot; filter values find
          songs still missing those details.
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
