import { plural } from '#shared/fill-message.ts';
import type {
  ImportedSongPreview,
  ImportResult,
  ImportRowError,
} from '#shared/schemas/song-import.ts';

export function RowErrors({ errors }: { errors: readonly ImportRowError[] }) {
  if (errors.length === 0) return null;
  return (
    <details className="import-errors" open={errors.length <= 5}>
      <summary>{plural(errors.length, 'line', 'lines')} will not be imported</summary>
      <ul>
        {errors.map((error) => (
          <li key={`${error.line}-${error.reason}`}>
            Line {error.line}: {error.reason}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The first parsed rows of the file, as the import will read them. */
export function PreviewTable({ rows }: { rows: readonly ImportedSongPreview[] }) {
  if (rows.length === 0) return null;
  return (
    <div className="preview-scroll">
      <table className="preview-table">
        <caption className="visually-hidden">Preview of the songs in the file</caption>
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Title</th>
            <th scope="col">Artist</th>
            <th scope="col">Genre</th>
            <th scope="col">Mood</th>
            <th scope="col">Year</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.line}>
              <td>{row.line}</td>
              <td>{row.title}</td>
              <td>{row.artist}</td>
              <td>{row.genres.join(', ')}</td>
              <td>{row.moods.join(', ')}</td>
              <td>{row.year ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What an import did: added, skipped as duplicates, lines refused, enrichment. */
export function ImportSummary({ result }: { result: ImportResult }) {
  return (
    <div className="import-summary">
      <p>{result.message}</p>
      <ul className="import-counts">
        <li>Added: {result.songs_added}</li>
        <li>Skipped (already in your list): {result.skipped}</li>
        {result.enrichment && (
          <li>
            Auto-filled: {result.enrichment.enriched} of {result.enrichment.processed}
            {result.enrichment.remaining > 0 &&
              ` (${result.enrichment.remaining} left: use Auto-fill All)`}
          </li>
        )}
      </ul>
      <RowErrors errors={result.errors} />
    </div>
  );
}
