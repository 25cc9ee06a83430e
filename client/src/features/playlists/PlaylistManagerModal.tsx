import { useBusy } from '#client/lib/use-busy.ts';
import { useState, type FormEvent } from 'react';
import { messages } from '#shared/messages.ts';
import { PLAYLIST_NAME_MAX_LENGTH, type PlaylistSummary } from '#shared/schemas/playlist.ts';
import { Modal } from '#client/ui/Modal.tsx';
import { TextField } from '#client/ui/TextField.tsx';
import type { PlaylistActions } from './playlist-actions.ts';
import { PlaylistRow } from './PlaylistRow.tsx';
import { selectActivePlaylist, selectPlaylists, usePlaylistsStore } from './playlists-store.ts';

function CreatePlaylistForm({ actions }: { actions: PlaylistActions }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const { busy, run } = useBusy();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setError(messages.playlistNameMissing);
    if (name.trim().length > PLAYLIST_NAME_MAX_LENGTH)
      return setError(messages.playlistNameTooLong);
    const failure = await run(() => actions.create(name, []));
    if (failure) setError(failure);
    else setName('');
  }

  return (
    <form className="create-playlist" onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label="New playlist name"
        maxLength={PLAYLIST_NAME_MAX_LENGTH}
        value={name}
        error={error}
        onChange={(event) => {
          setName(event.target.value);
          setError(undefined);
        }}
      />
      <button type="submit" className="button button-primary" disabled={busy}>
        Create Playlist
      </button>
    </form>
  );
}

interface PlaylistManagerModalProps {
  open: boolean;
  actions: PlaylistActions;
  onEdit(id: string): void;
  onDelete(playlist: PlaylistSummary): void;
  onClose(): void;
}

/** Manage Playlists: create, rename, public/private, activate, edit songs, delete. */
export function PlaylistManagerModal({
  open,
  actions,
  onEdit,
  onDelete,
  onClose,
}: PlaylistManagerModalProps) {
  const playlists = usePlaylistsStore(selectPlaylists);
  const active = usePlaylistsStore(selectActivePlaylist);

  return (
    <Modal title="Manage Playlists" open={open} onClose={onClose}>
      <CreatePlaylistForm actions={actions} />
      <p className="playlists-active">
        Audience page shows: <strong>{active ? active.name : 'All Songs'}</strong>
      </p>
      {playlists.length === 0 ? (
        <p className="empty-note">
          No playlists yet. Create one here, or select songs and choose Add to Playlist.
        </p>
      ) : (
        <ul className="playlist-list" aria-label="Your playlists">
          {playlists.map((playlist) => (
            <PlaylistRow
              key={playlist.id}
              playlist={playlist}
              actions={actions}
              onEdit={onEdit}
              onDelete={onDelete}
            />
          ))}
        </ul>
      )}
    </Modal>
  );
}
