import { useMemo, useState } from 'react';
import { fill } from '#shared/fill-message.ts';
import { messages } from '#shared/messages.ts';
import { STARTER_PACK_SONG_COUNT } from '#shared/schemas/song.ts';
import { StatusMessage } from '#client/ui/StatusMessage.tsx';
import { FileImportPanel, type FileImportConfig } from './FileImportPanel.tsx';
import { DEMO_CSV_URL, songsApi } from './songs-api.ts';
import { useStarterPack, type StarterPackOutcome } from './use-starter-pack.ts';

const CSV_IMPORT: FileImportConfig = {
  title: 'Upload CSV',
  extension: '.csv',
  wrongExtension: messages.csvWrongExtension,
  previewFailed: messages.csvPreviewFailed,
  uploadFailed: messages.csvUploadFailed,
  preview: async (file) => {
    const preview = await songsApi.previewCsv(file);
    return {
      total: preview.total_rows,
      valid: preview.valid_rows,
      duplicates: preview.duplicates,
      rows: preview.preview,
      errors: preview.errors,
    };
  },
  upload: (file, autoEnrich) => songsApi.uploadCsv(file, autoEnrich),
};

/** CSV import, the sample file and the one-click starter pack. */
export function CsvPanel({ onClose }: { onClose(): void }) {
  const [starter, setStarter] = useState<StarterPackOutcome | null>(null);
  const { busy, add } = useStarterPack();
  const addStarterPack = async () => setStarter(await add());

  const intro = useMemo(
    () => (
      <p className="field-hint">
        Columns: Title, Artist, Genre, Mood, Year, Songwriter (Title and Artist required; several
        genres or moods separated by commas). At most 5 MB.{' '}
        <a href={DEMO_CSV_URL} download="demo-songs.csv">
          Download a sample CSV
        </a>
      </p>
    ),
    [],
  );

  return (
    <FileImportPanel config={CSV_IMPORT} onClose={onClose}>
      {intro}
      <div className="starter-pack">
        <button
          type="button"
          className="button button-secondary button-small"
          disabled={busy}
          onClick={() => void addStarterPack()}
        >
          {busy ? 'Adding…' : fill(messages.starterPackButton, { count: STARTER_PACK_SONG_COUNT })}
        </button>
        <span className="field-hint">Well-known cover songs, skipping ones you have.</span>
      </div>
      <StatusMessage tone={starter?.tone ?? 'info'}>{starter?.text}</StatusMessage>
    </FileImportPanel>
  );
}
