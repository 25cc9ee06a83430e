import { useCallback, useMemo, useState } from 'react';
import { messages } from '#shared/messages.ts';
import type { Song } from '#shared/schemas/song.ts';
import { useToast, type Notify } from '#client/lib/use-toast.ts';
import { ToastRegion } from '#client/ui/ToastRegion.tsx';
import { AddToPlaylistModal } from '#client/features/playlists/AddToPlaylistModal.tsx';
import { PlaylistsSection } from '#client/features/playlists/PlaylistsSection.tsx';
import { reloadPlaylists } from '#client/features/playlists/playlists-store.ts';
import { usePlaylistsLoader } from '#client/features/playlists/use-playlists-loader.ts';
import { BatchEditModal } from '#client/features/songs/BatchEditModal.tsx';
import { ManageSongsMenu } from '#client/features/songs/ManageSongsMenu.tsx';
import { SongListSection } from '#client/features/songs/SongListSection.tsx';
import { EditSongModal } from '#client/features/songs/SongModals.tsx';
import { SongsHelpDialog } from '#client/features/help/SongsHelpDialog.tsx';
import { SongPanel, type SongPanelId } from '#client/features/songs/SongPanel.tsx';
import type { SongRowHandlers } from '#client/features/songs/SongRow.tsx';
import { FEW_SONGS, SongsEmptyState } from '#client/features/songs/SongsEmptyState.tsx';
import {
  selectSelected,
  selectSongs,
  selectSongsStatus,
  useSongsStore,
} from '#client/features/songs/songs-store.ts';
import { useSongActions } from '#client/features/songs/use-song-actions.ts';
import { useSongsLoader } from '#client/features/songs/use-songs-loader.ts';

/** Toasts on this tab last 5 seconds (spec section 9: the playlist toast). */
const SONGS_TOAST_MS = 5000;

/** Deleting songs changes playlist counts. */
const refreshPlaylistCounts = () => void reloadPlaylists().catch(() => {});

/**
 * The dashboard Songs tab: manage songs, playlists, and the searchable song list. It is where
 * the songs and playlists features meet, so neither has to import the other.
 */
export function SongsTab({ musicianId }: { musicianId: string }) {
  const { toast, show: notify } = useToast(SONGS_TOAST_MS);
  const onLoadError = useCallback((text: string) => notify(text, 'error'), [notify]);
  useSongsLoader(musicianId, onLoadError);
  usePlaylistsLoader(musicianId, onLoadError);
  const actions = useSongActions(notify, refreshPlaylistCounts);
  const [panel, setPanel] = useState<SongPanelId | null>(null);
  const [editing, setEditing] = useState<Song | null>(null);
  const [modal, setModal] = useState<'batch-edit' | 'add-to-playlist' | 'help' | null>(null);
  const closeModal = useCallback(() => setModal(null), []);
  // Only once the list is known to be empty, so it never flashes while songs load.
  const songCount = useSongsStore((state) =>
    selectSongsStatus(state) === 'ready' ? selectSongs(state).length : null,
  );

  const handlers = useMemo<SongRowHandlers>(
    () => ({
      toggleSelected: (id) => useSongsStore.getState().toggleSelected(id),
      edit: setEditing,
      toggleVisibility: (song) => void actions.toggleVisibility(song),
      remove: (song) => void actions.remove(song),
    }),
    [actions],
  );

  function needSelection(message: string, open: () => void) {
    if (useSongsStore.getState().selected.size === 0) notify(message, 'error');
    else open();
  }

  return (
    <div className="stack songs-tab">
      <div className="songs-toolbar">
        <ManageSongsMenu
          onChoose={(item) => (item === 'export' ? actions.exportCsv() : setPanel(item))}
        />
        <button type="button" className="button button-ghost" onClick={() => setModal('help')}>
          Songs Help
        </button>
      </div>
      {panel && (
        <SongPanel key={panel} panel={panel} actions={actions} onClose={() => setPanel(null)} />
      )}
      {songCount !== null && songCount < FEW_SONGS && !panel && (
        <SongsEmptyState
          songCount={songCount}
          onAddSong={() => setPanel('add')}
          onImportCsv={() => setPanel('csv')}
          notify={notify}
        />
      )}
      <PlaylistsSection notify={notify} />
      <SongListSection
        handlers={handlers}
        onBatchEdit={() =>
          needSelection(messages.batchUpdateSelectionEmpty, () => setModal('batch-edit'))
        }
        onBatchDelete={() =>
          needSelection(messages.batchDeleteSelectionEmpty, () => void actions.batchDelete())
        }
        onAddToPlaylist={() =>
          needSelection(messages.playlistSongsSelectionEmpty, () => setModal('add-to-playlist'))
        }
      />
      <EditSongModal song={editing} actions={actions} onClose={() => setEditing(null)} />
      <BatchEditModal open={modal === 'batch-edit'} actions={actions} onClose={closeModal} />
      <AddSelectedToPlaylist
        open={modal === 'add-to-playlist'}
        notify={notify}
        onClose={closeModal}
      />
      <SongsHelpDialog open={modal === 'help'} onClose={closeModal} />
      <ToastRegion toast={toast} />
    </div>
  );
}

/** Reads the selection here, so only this part re-renders when a song is ticked. */
function AddSelectedToPlaylist(props: { open: boolean; notify: Notify; onClose(): void }) {
  const selected = useSongsStore(selectSelected);
  return (
    <AddToPlaylistModal
      {...props}
      songIds={selected}
      onAdded={() => useSongsStore.getState().setSelected([])}
    />
  );
}
