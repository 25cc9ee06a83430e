import { messages } from '#shared/messages.ts';
import { FileImportPanel, type FileImportConfig } from './FileImportPanel.tsx';
import { songsApi } from './songs-api.ts';

const LST_IMPORT: FileImportConfig = {
  title: 'Upload LST',
  extension: '.lst',
  wrongExtension: messages.lstWrongExtension,
  previewFailed: messages.lstPreviewFailed,
  uploadFailed: messages.lstUploadFailed,
  preview: async (file) => {
    const preview = await songsApi.previewLst(file);
    return {
      total: preview.total_songs + preview.errors.length,
      valid: preview.total_songs,
      duplicates: preview.duplicates,
      rows: preview.songs,
      errors: preview.errors,
    };
  },
  upload: (file, autoEnrich) => songsApi.uploadLst(file, autoEnrich),
};

export function LstPanel({ onClose }: { onClose(): void }) {
  return (
    <FileImportPanel config={LST_IMPORT} onClose={onClose}>
      <p className="field-hint">
        One song per line as <code>Title - Artist</code> (or title and artist separated by a tab).
        Blank lines and lines starting with # are ignored.
      </p>
    </FileImportPanel>
  );
}
