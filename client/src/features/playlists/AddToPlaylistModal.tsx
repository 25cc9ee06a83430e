import { plural } from '#shared/fill-message.ts';
import { useId, useState, type FormEvent } from 'react';
import { PLAYLIST_NAME_MAX_LENGTH } from '#shared/schemas/playlist.ts';
import { useBusy } from '#client/lib/use-busy.ts';
import type { Notify } from '#client/lib/use-toast.ts';
import { Modal } from '#client/ui/Modal.tsx';
import { StatusMessage } from '#client/ui/StatusMessage.tsx';
import { TextField } from '#client/ui/TextField.tsx';
import { usePlaylistActions } from './playlist-actions.ts';
import { addToPlaylistError, type AddMode } from './playlist-edit.ts';
import { selectPlaylists, usePlaylistsStore } from './playlists-store.ts';

interface AddToPlaylistProps {
  /** The songs to add: the Songs tab's selection. */
  songIds: ReadonlySet<string>;
  notify: Notify;
  /** The songs were added: the selection may be cleared. */
  onAdded(): void;
  onClose(): void;
}

function AddToPlaylistForm({ songIds: selected, notify, onAdded, onClose }: AddToPlaylistProps) {
  const playlists = usePlaylistsStore(selectPlaylists);
  const actions = usePlaylistActions(notify);
  const [mode, setMode] = useState<AddMode>(playlists.length > 0 ? 'existing' : 'new');
  const [name, setName] = useState('');
  const [playlistId, setPlaylistId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useBusy();
  const selectId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const invalid = addToPlaylistError(selected.size, mode, name, playlistId);
    if (invalid) return setError(invalid);
    const ids = [...selected];
    const failure = await run(() =>
      mode === 'new' ? actions.create(name, ids) : actions.addSongs(playlistId, ids),
    );
    if (failure) return setError(failure);
    onAdded();
    onClose();
  }

  return (
    <form className="form-stack" onSubmit={(event) => void submit(event)} noValidate>
      <p>{plural(selected.size, 'song', 'songs')} selected.</p>
      <fieldset className="mode-choice">
        <legend>Add them to</legend>
        <label className="checkbox-label">
          <input
            type="radio"
            name="playlist-mode"
            checked={mode === 'new'}
            onChange={() => setMode('new')}
          />
          A new playlist
        </label>
        <label className="checkbox-label">
          <input
            type="radio"
            name="playlist-mode"
            checked={mode === 'existing'}
            onChange={() => setMode('existing')}
          />
          An existing playlist
        </label>
      </fieldset>
      {mode === 'new' ? (
        <TextField
          label="Playlist name"
          maxLength={PLAYLIST_NAME_MAX_LENGTH}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setError(null);
          }}
        />
      ) : (
        <div className="field">
          <label htmlFor={selectId}>Playlist</label>
          <select
            id={selectId}
            value={playlistId}
            onChange={(event) => {
              setPlaylistId(event.target.value);
              setError(null);
            }}
          >
            <option value="">Choose a playlist</option>
            {playlists.map((playlist) => (
              <option key={playlist.id} value={playlist.id}>
                {playlist.name} ({playlist.song_count})
              </option>
            ))}
          </select>
        </div>
      )}
      <StatusMessage tone="error">{error}</StatusMessage>
      <div className="modal-actions">
        <button type="button" className="button button-ghost" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={busy}>
          {mode === 'new' ? 'Create Playlist' : 'Add Songs'}
        </button>
      </div>
    </form>
  );
}

export function AddToPlaylistModal({ open, ...props }: AddToPlaylistProps & { open: boolean }) {
  return (
    <Modal title="Add Songs to Playlist" open={open} onClose={props.onClose}>
      <AddToPlaylistForm {...props} />
    </Modal>
  );
}
