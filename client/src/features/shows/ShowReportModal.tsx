import { useCallback, useEffect, useState } from 'react';
import { messages } from '#shared/messages.ts';
import type { Show, ShowReport } from '#shared/schemas/show.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { LoadingState } from '#client/ui/LoadingState.tsx';
import { Modal } from '#client/ui/Modal.tsx';
import { StatusMessage } from '#client/ui/StatusMessage.tsx';
import type { ShowActions } from './show-actions.ts';
import { ShowDetailsForm } from './ShowDetailsForm.tsx';
import { ShowReportSheet } from './ShowReportSheet.tsx';
import { showsApi } from './shows-api.ts';
import './show-report.css';

interface ShowReportModalProps {
  show: Show;
  actions: ShowActions;
  onClose(): void;
}

/** The set as played of one show: venue details, the songs, CSV export and print. */
export function ShowReportModal({ show, actions, onClose }: ShowReportModalProps) {
  const [report, setReport] = useState<ShowReport | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [editing, setEditing] = useState(false);
  const [exporting, setExporting] = useState(false);

  const load = useCallback(() => {
    showsApi.report(show.id).then(setReport, (failure: unknown) => {
      setError(errorMessage(failure, messages.showReportLoadFailed));
    });
  }, [show.id]);

  useEffect(load, [load]);

  async function exportCsv() {
    setExporting(true);
    setError(undefined);
    try {
      await showsApi.exportReport(show.id);
    } catch (failure) {
      setError(errorMessage(failure, messages.showReportExportFailed));
    } finally {
      setExporting(false);
    }
  }

  return (
    <Modal title={`Show report: ${show.name}`} open onClose={onClose} className="show-report-modal">
      <StatusMessage tone="error">{error}</StatusMessage>
      {!report ? (
        !error && <LoadingState label="Loading the show report" />
      ) : (
        <>
          <div className="show-report-actions">
            <button
              type="button"
              className="button button-secondary button-small"
              disabled={exporting}
              onClick={() => void exportCsv()}
            >
              Export CSV
            </button>
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={() => window.print()}
            >
              Print
            </button>
            <button
              type="button"
              className="button button-ghost button-small"
              aria-expanded={editing}
              onClick={() => setEditing((open) => !open)}
            >
              Edit venue and date
            </button>
          </div>
          {editing && (
            <ShowDetailsForm
              show={report.show}
              actions={actions}
              onSaved={() => {
                setEditing(false);
                load();
              }}
            />
          )}
          <ShowReportSheet report={report} />
        </>
      )}
    </Modal>
  );
}
