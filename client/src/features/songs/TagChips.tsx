import { useId, useState, type KeyboardEvent } from 'react';
import { TAG_MAX_LENGTH } from '#shared/limits.ts';
import { addTag } from './song-form.ts';

interface TagChipsProps {
  /** "Genres" or "Moods". */
  label: string;
  tags: readonly string[];
  suggestions: readonly string[];
  onChange(tags: string[]): void;
}

/** Chips with a remove button each, and a field that adds one on Enter or comma. */
export function TagChips({ label, tags, suggestions, onChange }: TagChipsProps) {
  const [draft, setDraft] = useState('');
  const id = useId();
  const singular = label.replace(/s$/, '').toLowerCase();

  function commit() {
    onChange(addTag(tags, draft));
    setDraft('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      commit();
    }
  }

  return (
    <div className="field tag-field">
      <label htmlFor={id}>{label}</label>
      {tags.length > 0 && (
        <ul className="chips" aria-label={`Chosen ${label.toLowerCase()}`}>
          {tags.map((tag) => (
            <li key={tag} className="chip">
              {tag}
              <button
                type="button"
                className="chip-remove"
                aria-label={`Remove ${singular} ${tag}`}
                onClick={() => onChange(tags.filter((held) => held !== tag))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="tag-entry">
        <input
          id={id}
          value={draft}
          list={`${id}-options`}
          placeholder={`Add a ${singular}`}
          maxLength={TAG_MAX_LENGTH}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="button" className="button button-secondary button-small" onClick={commit}>
          Add {singular}
        </button>
      </div>
      <datalist id={`${id}-options`}>
        {suggestions.map((tag) => (
          <option key={tag} value={tag} />
        ))}
      </datalist>
    </div>
  );
}
