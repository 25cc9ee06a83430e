import { useState, type ReactNode } from 'react';
import { fill, plural } from '#shared/fill-message.ts';
import { messages } from '#shared/messages.ts';
import {
  IMPORT_FILE_MAX_BYTES,
  type ImportedSongPreview,
  type ImportResult,
  type ImportRowError,
} from '#shared/schemas/song-import.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { LoadingState } from '#client/ui/LoadingState.tsx';
import { StatusMessage } from '#client/ui/StatusMessage.tsx';
import { FilePicker } from './FilePicker.tsx';
import { ImportSummary, PreviewTable, RowErrors } from './ImportPreview.tsx';
import { reloadSongs } from './use-songs-loader.ts';

interface ImportPreviewData {
  total: number;
  valid: number;
  /** Valid rows the import skips: already in the list, or earlier in the file. */
  duplicates: number;
  rows: readonly ImportedSongPreview[];
  errors: readonly ImportRowError[];
}

export interface FileImportConfig {
  title: string;
  extension: '.csv' | '.lst';
  wrongExtension: string;
  previewFailed: string;
  uploadFailed: string;
  preview(file: File): Promise<ImportPreviewData>;
  upload(file: File, autoEnrich: boolean): Promise<ImportResult>;
}

interface FileImportPanelProps {
  config: FileImportConfig;
  /** Format notes and links shown above the picker. */
  children?: ReactNode;
  onClose(): void;
}

type Step =
  | { at: 'choose' }
  | { at: 'previewing' | 'importing'; file: File; preview?: ImportPreviewData }
  | { at: 'previewed'; file: File; preview: ImportPreviewData }
  | { at: 'done'; result: ImportResult };

const importable = (preview: ImportPreviewData) => preview.valid - preview.duplicates;
const songCount = (count: number) => plural(count, 'song', 'songs');

/** What the import will do with the file: only songs it will add count as importable. */
function PreviewCounts({ preview }: { preview: ImportPreviewData }) {
  if (preview.valid > 0 && importable(preview) === 0) {
    return <p>{messages.importPreviewAllDuplicates}</p>;
  }
  return (
    <>
      <p>
        {fill(messages.importPreviewCount, {
          count: importable(preview),
          songs: songCount(preview.total),
        })}
      </p>
      {preview.duplicates > 0 && (
        <p>{fill(messages.importPreviewDuplicates, { songs: songCount(preview.duplicates) })}</p>
      )}
    </>
  );
}

/** File selected, previewed, then imported (spec section 4), for CSV and LST. */
export function FileImportPanel({ config, children, onClose }: FileImportPanelProps) {
  const [step, setStep] = useState<Step>({ at: 'choose' });
  const [error, setError] = useState<string | null>(null);
  const [autoEnrich, setAutoEnrich] = useState(false);

  async function choose(file: File) {
    setError(null);
    if (!file.name.toLowerCase().endsWith(config.extension)) return setError(config.wrongExtension);
    if (file.size > IMPORT_FILE_MAX_BYTES) return setError(messages.importFileTooLarge);
    setStep({ at: 'previewing', file });
    try {
      setStep({ at: 'previewed', file, preview: await config.preview(file) });
    } catch (failure) {
      setStep({ at: 'choose' });
      setError(errorMessage(failure, config.previewFailed));
    }
  }

  async function upload(file: File, preview: ImportPreviewData) {
    setError(null);
    setStep({ at: 'importing', file, preview });
    try {
      const result = await config.upload(file, autoEnrich);
      setStep({ at: 'done', result });
      await reloadSongs().catch(() => {});
    } catch (failure) {
      setStep({ at: 'previewed', file, preview });
      setError(errorMessage(failure, config.uploadFailed));
    }
  }

  const file = step.at === 'choose' || step.at === 'done' ? null : step.file;
  const preview = 'preview' in step ? step.preview : undefined;

  return (
    <section className="card import-panel" aria-labelledby={`${config.extension}-title`}>
      <div className="panel-header">
        <h3 id={`${config.extension}-title`}>{config.title}</h3>
        <button type="button" className="button button-ghost button-small" onClick={onClose}>
          Close
        </button>
      </div>
      {children}
      <FilePicker
        extension={config.extension}
        label={`${config.extension.slice(1).toUpperCase()} file`}
        fileName={file?.name ?? null}
        onFile={(chosen) => void choose(chosen)}
      />
      <StatusMessage tone="error">{error}</StatusMessage>
      {step.at === 'previewing' && <LoadingState label="Reading the file…" />}
      {preview && (
        <div className="stack-small" aria-live="polite">
          <PreviewCounts preview={preview} />
          <PreviewTable rows={preview.rows} />
          <RowErrors errors={preview.errors} />
          {importable(preview) > 0 && (
            <>
              <label className="checkbox-label">
                <input
                  type="checkbox"
                  checked={autoEnrich}
                  onChange={(event) => setAutoEnrich(event.target.checked)}
                />
                Auto-fill missing genres, moods and years after the import
              </label>
              <div className="modal-actions">
                <button
                  type="button"
                  className="button button-primary"
                  disabled={step.at === 'importing'}
                  onClick={() => file && void upload(file, preview)}
                >
                  {fill(messages.importButton, { songs: songCount(importable(preview)) })}
                </button>
              </div>
            </>
          )}
        </div>
      )}
      {step.at === 'importing' && (
        <div className="import-progress" role="status">
          <progress aria-label="Import progress" />
          <span>{autoEnrich ? 'Importing and auto-filling…' : 'Importing…'}</span>
        </div>
      )}
      <div aria-live="polite">{step.at === 'done' && <ImportSummary result={step.result} />}</div>
    </section>
  );
}
