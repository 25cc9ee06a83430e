import { useEffect, useId, useRef, useState } from 'react';
import { messages } from '#shared/messages.ts';
import { copyText } from '#client/lib/copy-text.ts';

const COPIED_FOR_MS = 2000;

interface CopyFieldProps {
  label: string;
  value: string;
}

/** A read-only value with its Copy button; when copying is refused, the text is selected. */
export function CopyField({ label, value }: CopyFieldProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    const copied = await copyText(value);
    setState(copied ? 'copied' : 'failed');
    if (!copied) inputRef.current?.select();
  }

  return (
    <div className="field copy-field">
      <label htmlFor={id}>{label}</label>
      <div className="link-row">
        <input
          id={id}
          ref={inputRef}
          readOnly
          value={value}
          spellCheck={false}
          onFocus={(event) => event.target.select()}
        />
        <button
          type="button"
          className="button button-secondary"
          aria-live="polite"
          onClick={() => void copy()}
        >
          {state === 'copied' ? 'Copied!' : 'Copy'}
          <span className="visually-hidden"> {label}</span>
        </button>
      </div>
      {state === 'failed' && <p className="field-error">{messages.copyFailed}</p>}
    </div>
  );
}
