import { Modal } from '#client/ui/Modal.tsx';
import './help.css';

interface SongsHelpDialogProps {
  open: boolean;
  onClose(): void;
}

/** How the Songs tab works, opened from Manage Songs → Songs Help. */
export function SongsHelpDialog({ open, onClose }: SongsHelpDialogProps) {
  return (
    <Modal title="Songs Help" open={open} onClose={onClose}>
      <dl className="help-topics">
        <dt>Add a song</dt>
        <dd>
          Manage Songs → Add New Song: a title and artist are enough; genres, moods and a year help
          the audience browse.
        </dd>
        <dt>Import songs</dt>
        <dd>
          Upload CSV takes a spreadsheet with title and artist columns, Upload LST takes a plain
          list with one “Artist - Title” per line, and Import Playlist reads a public streaming
          playlist link. You see a preview before anything is added; songs already in your list are
          skipped.
        </dd>
        <dt>Auto-fill details</dt>
        <dd>
          Auto-fill All looks up missing genres, moods and years for your songs. Run it again if
          some are left.
        </dd>
        <dt>Hide a song</dt>
        <dd>
          Hide a song you do not want to play tonight: it stays in your list but the audience does
          not see it until you show it again.
        </dd>
        <dt>Playlists</dt>
        <dd>
          Select songs and add them to a playlist, then make one active in the Profile tab: the
          audience then sees only that playlist.
        </dd>
      </dl>
    </Modal>
  );
}
