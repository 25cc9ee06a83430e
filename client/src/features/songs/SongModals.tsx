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
