import { useCallback, useMemo, useState } from 'react';
import { messages } from '#shared/messages.ts';
import type { Song } from '#shared/schemas/song.ts';
import { useToast } from '#client/app/use-toast.ts';
import { ToastRegion } from '#client/ui/ToastRegion.tsx';
import { AddToPlaylistModal } from '../playlists/AddToPlaylistModal.tsx';
import { PlaylistsSection } from '../playlists/PlaylistsSection.tsx';
import { AutoFillAll } from './AutoFillAll.tsx';
import { BatchEditModal } from './BatchEditModal.tsx';
import { CsvPanel } from './CsvPanel.tsx';
import { LstPanel } from './LstPanel.tsx';
import { ManageSongsMenu, type ManageItem } from './ManageSongsMenu.tsx';
import { PlaylistImportPanel } from './PlaylistImportPanel.tsx';
import { EMPTY_SONG_FORM } from './song-form.ts';
import { SongForm } from './SongForm.tsx';
import { SongListSection } from './SongListSection.tsx';
import { EditSongModal, SongsHelpModal } from './SongModals.tsx';
import type { SongRowHandlers } from './SongRow.tsx';
import { useSongsStore } from './songs-store.ts';
import { useSongActions, type SongActions } from './use-song-actions.ts';
import { useSongsLoader } from './use-songs-loader.ts';
import './songs.css';

/** Toasts on this tab last 5 seconds (spec section 9: the playlist toast). */
export const SONGS_TOAST_MS = 5000;

type Panel = Exclude<ManageItem, 'export'>;

function OpenPanel({
  panel,
  actions,
  onClose,
}: {
  panel: Panel;
  actions: SongActions;
  onClose(): void;
}) {
  switch (panel) {
    case 'add':
      return (
        <section className="card import-panel" aria-labelledby="add-song-title">
          <h3 id="add-song-title">Add New Song</h3>
          <SongForm
            initial={EMPTY_SONG_FORM}
            submitLabel="Add Song"
            onCancel={onClose}
            onSubmit={async (input) => {
              const error = await actions.save(null, input);
              if (!error) onClose();
              return error;
            }}
          />
        </section>
      );
    case 'csv':
      return <CsvPanel onClose={onClose} />;
    case 'lst':
      return <LstPanel onClose={onClose} />;
    case 'playlist-import':
      return <PlaylistImportPanel onClose={onClose} />;
    case 'autofill':
      return <AutoFillAll onClose={onClose} />;
  }
}

/** The dashboard Songs tab: manage songs, playlists, and the searchable song list. */
export function SongsTab({ musicianId }: { musicianId: string }) {
  const { toast, show: notify } = useToast(SONGS_TOAST_MS);
  const onLoadError = useCallback((text: string) => notify(text, 'error'), [notify]);
  useSongsLoader(musicianId, onLoadError);
  const actions = useSongActions(notify);
  const [panel, setPanel] = useState<Panel | null>(null);
  const [editing, setEditing] = useState<Song | null>(null);
  const [modal, setModal] = useState<'batch-edit' | 'add-to-playlist' | 'help' | null>(null);
  const closeModal = useCallback(() => setModal(null), []);

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
        <OpenPanel key={panel} panel={panel} actions={actions} onClose={() => setPanel(null)} />
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
      <AddToPlaylistModal open={modal === 'add-to-playlist'} notify={notify} onClose={closeModal} />
      <SongsHelpModal open={modal === 'help'} onClose={closeModal} />
      <ToastRegion toast={toast} />
    </div>
  );
}
