import { AutoFillAll } from './AutoFillAll.tsx';
import { CsvPanel } from './CsvPanel.tsx';
import { LstPanel } from './LstPanel.tsx';
import type { ManageItem } from './ManageSongsMenu.tsx';
import { PlaylistImportPanel } from './PlaylistImportPanel.tsx';
import { EMPTY_SONG_FORM } from './song-form.ts';
import { SongForm } from './SongForm.tsx';
import type { SongActions } from './use-song-actions.ts';

/** The Manage Songs choices that open a panel (export downloads at once). */
export type SongPanelId = Exclude<ManageItem, 'export'>;

interface SongPanelProps {
  panel: SongPanelId;
  actions: SongActions;
  onClose(): void;
}

/** The panel a Manage Songs choice opens above the list: add a song, import, auto-fill. */
export function SongPanel({ panel, actions, onClose }: SongPanelProps) {
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
