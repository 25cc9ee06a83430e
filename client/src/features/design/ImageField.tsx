import { useId, useRef, useState } from 'react';
import { messages } from '#shared/messages.ts';
import { StatusMessage } from '#client/ui/StatusMessage.tsx';
import { imageFileProblem, readAsDataUrl } from './image-file.ts';

interface ImageFieldProps {
  label: string;
  hint: string;
  /** A saved image's URL, a freshly chosen data URL, or null. */
  value: string | null;
  onChange(value: string | null): void;
  shape: 'round' | 'wide';
}

/** Choose, preview and remove one image; refused files never leave the browser. */
export function ImageField({ label, hint, value, onChange, shape }: ImageFieldProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);

  async function choose(file: File | undefined) {
    if (!file) return;
    const problem = imageFileProblem(file);
    // Cleared so choosing the same file again fires a change.
    if (inputRef.current) inputRef.current.value = '';
    if (problem) return setError(problem);
    try {
      onChange(await readAsDataUrl(file));
      setError(null);
    } catch {
      setError(messages.imageUnreadable);
    }
  }

  return (
    <div className="design-image-field">
      <span className="design-image-label" id={`${inputId}-label`}>
        {label}
      </span>
      <div className={`design-image-preview design-image-${shape}`}>
        {value ? <img src={value} alt={`${label} preview`} /> : <span className="muted">None</span>}
      </div>
      <div className="design-image-actions">
        <label htmlFor={inputId} className="button button-secondary button-small">
          {value ? 'Change' : 'Upload'} {label.toLowerCase()}
        </label>
        <input
          id={inputId}
          ref={inputRef}
          className="visually-hidden"
          type="file"
          accept="image/jpeg,image/png"
          aria-describedby={`${inputId}-hint`}
          onChange={(event) => void choose(event.target.files?.[0])}
        />
        {value && (
          <button
            type="button"
            className="button button-ghost button-small"
            onClick={() => {
              onChange(null);
              setError(null);
            }}
          >
            Remove
          </button>
        )}
      </div>
      <p id={`${inputId}-hint`} className="field-hint">
        {hint}
      </p>
      <StatusMessage tone="error">{error}</StatusMessage>
    </div>
  );
}
