import { plural } from '#shared/fill-message.ts';
import { useState } from 'react';
import type { PlaylistSummary } from '#shared/schemas/playlist.ts';
import { Modal } from '#client/ui/Modal.tsx';
import { PlaylistEditorModal } from './PlaylistEditorModal.tsx';
import { PlaylistManagerModal } from './PlaylistManagerModal.tsx';
import type { Notify } from '#client/lib/use-toast.ts';
import { usePlaylistActions } from './playlist-actions.ts';
import { selectActivePlaylist, selectPlaylists, usePlaylistsStore } from './playlists-store.ts';
import './playlists.css';

/** Which playlist the audience link shows, and the way into the playlist manager. */
export function PlaylistsSection({ notify }: { notify: Notify }) {
  const playlists = usePlaylistsStore(selectPlaylists);
  const active = usePlaylistsStore(selectActivePlaylist);
  const actions = usePlaylistActions(notify);
  const [managing, setManaging] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<PlaylistSummary | null>(null);

  return (
    <section className="card playlists-section" aria-labelledby="playlists-title">
      <div className="panel-header">
        <h3 id="playlists-title">Playlists</h3>
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() => setManaging(true)}
        >
          Manage Playlists
        </button>
      </div>
      <p className="playlists-active" aria-live="polite">
        Audience page shows: <strong>{active ? active.name : 'All Songs'}</strong>
        {` · ${plural(playlists.length, 'playlist', 'playlists')}`}
      </p>
      <PlaylistManagerModal
        open={managing}
        actions={actions}
        onEdit={setEditingId}
        onDelete={setDeleting}
        onClose={() => setManaging(false)}
      />
      <PlaylistEditorModal
        playlistId={editingId}
        actions={actions}
        onClose={() => setEditingId(null)}
      />
      {/* Editor and confirmation are siblings of the manager, not inside it: a nested dialog's
          close event would reach the manager's onClose through React and close it too. */}
      <Modal
        title="Delete this playlist?"
        open={deleting !== null}
        onClose={() => setDeleting(null)}
      >
        <p>&quot;{deleting?.name}&quot; will be deleted. Its songs stay in your song list.</p>
        <div className="modal-actions">
          <button type="button" className="button button-ghost" onClick={() => setDeleting(null)}>
            Cancel
          </button>
          <button
            type="button"
            className="button button-danger"
            onClick={() => {
              if (deleting) void actions.remove(deleting.id);
              setDeleting(null);
            }}
          >
            Delete playlist
          </button>
        </div>
      </Modal>
    </section>
  );
}
