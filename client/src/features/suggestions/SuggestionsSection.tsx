import { useMemo, useState } from 'react';
import type { Suggestion } from '#shared/schemas/suggestion.ts';
import { ConfirmButton } from '#client/ui/ConfirmButton.tsx';
import { formatRequestTime } from '#client/lib/format.ts';
import type { Notify } from '#client/lib/use-toast.ts';
import { suggestionActions } from './suggestion-actions.ts';
import { selectSuggestions, sortSuggestions, useSuggestionsStore } from './suggestions-store.ts';

interface SuggestionsSectionProps {
  open: boolean;
  onToggle(open: boolean): void;
  notify: Notify;
}

/** Song suggestions from the audience: only pending ones can be added, rejected or selected. */
export function SuggestionsSection({ open, onToggle, notify }: SuggestionsSectionProps) {
  const list = useSuggestionsStore(selectSuggestions);
  const suggestions = useMemo(() => sortSuggestions(list), [list]);
  const actions = useMemo(() => suggestionActions(notify), [notify]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const chosen = suggestions.filter((s) => s.status === 'pending' && selected.has(s.id));
  const pendingCount = suggestions.filter((s) => s.status === 'pending').length;

  function toggle(id: string, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  async function batch(run: (list: readonly Suggestion[]) => Promise<void>) {
    await run(chosen);
    setSelected(new Set());
  }

  return (
    <details
      id="song-suggestions"
      className="card"
      open={open}
      onToggle={(event) => onToggle(event.currentTarget.open)}
    >
      <summary>
        <h3>Song Suggestions ({pendingCount} pending)</h3>
      </summary>
      <div className="batch-bar" role="toolbar" aria-label="Selected suggestions">
        <span className="batch-count">{chosen.length} selected</span>
        <button
          type="button"
          className="button button-ghost button-small"
          onClick={() => void batch(actions.add)}
        >
          Add selected
        </button>
        <button
          type="button"
          className="button button-ghost button-small"
          onClick={() => void batch(actions.reject)}
        >
          Reject selected
        </button>
        <button
          type="button"
          className="button button-ghost button-small"
          onClick={() => void actions.refresh()}
        >
          Refresh
        </button>
      </div>
      {suggestions.length === 0 && <p className="muted">No song suggestions yet.</p>}
      <ul className="request-list">
        {suggestions.map((suggestion) => (
          <li key={suggestion.id}>
            <article
              className="request-card"
              aria-label={`${suggestion.suggested_title} by ${suggestion.suggested_artist}`}
            >
              {suggestion.status === 'pending' && (
                <label className="request-select">
                  <span className="visually-hidden">Select {suggestion.suggested_title}</span>
                  <input
                    type="checkbox"
                    checked={selected.has(suggestion.id)}
                    onChange={(event) => toggle(suggestion.id, event.target.checked)}
                  />
                </label>
              )}
              <div className="request-body">
                <h4 className="request-title">
                  {suggestion.suggested_title}
                  <span className="request-artist"> by {suggestion.suggested_artist}</span>
                </h4>
                <p className="request-meta">
                  Suggested by {suggestion.requester_name}
                  <span className="muted"> ({suggestion.requester_email})</span> ·{' '}
                  {formatRequestTime(suggestion.created_at)}
                </p>
                {suggestion.message && <p className="request-dedication">“{suggestion.message}”</p>}
              </div>
              <div className="request-actions">
                <span className="status-chip">{suggestion.status}</span>
                {suggestion.status === 'pending' && (
                  <>
                    <button
                      type="button"
                      className="button button-small action-played"
                      onClick={() => void actions.add([suggestion])}
                    >
                      Add to Songs
                    </button>
                    <button
                      type="button"
                      className="button button-small action-rejected"
                      onClick={() => void actions.reject([suggestion])}
                    >
                      Reject
                    </button>
                  </>
                )}
                <ConfirmButton
                  label="Delete"
                  title="Delete this suggestion?"
                  message={`The suggestion “${suggestion.suggested_title}” will be deleted.`}
                  confirmLabel="Delete suggestion"
                  onConfirm={() => void actions.remove(suggestion)}
                />
              </div>
            </article>
          </li>
        ))}
      </ul>
    </details>
  );
}
