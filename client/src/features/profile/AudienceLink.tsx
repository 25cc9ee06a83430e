import { useEffect, useId, useRef, useState } from 'react';
import { messages } from '#shared/messages.ts';
import { copyText } from '#client/lib/copy-text.ts';
import { useAudienceOrigin } from '#client/lib/use-site-config.ts';
import { StatusMessage } from '#client/ui/StatusMessage.tsx';
import './profile.css';

const COPIED_FOR_MS = 2000;

interface AudienceLinkProps {
  slug: string;
}

/** The link the audience opens, with Copy and View. */
export function AudienceLink({ slug }: AudienceLinkProps) {
  const url = `${useAudienceOrigin()}/musician/${slug}`;
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (copyState !== 'copied') return;
    const timer = setTimeout(() => setCopyState('idle'), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copyState]);

  async function copy() {
    const copied = await copyText(url);
    setCopyState(copied ? 'copied' : 'failed');
    if (!copied) inputRef.current?.select();
  }

  return (
    <section className="card" aria-labelledby="audience-link-title">
      <h3 id="audience-link-title">Your audience link</h3>
      <p className="muted">Share it so your audience can see your songs.</p>
      <div className="field">
        <label htmlFor={inputId}>Audience link</label>
        <div className="link-row">
          <input
            id={inputId}
            ref={inputRef}
            readOnly
            value={url}
            onFocus={(e) => e.target.select()}
          />
          <button
            type="button"
            className="button button-primary"
            aria-live="polite"
            onClick={() => void copy()}
          >
            {copyState === 'copied' ? 'Copied!' : 'Copy'}
          </button>
          <a className="button button-secondary" href={url} target="_blank" rel="noopener">
            View
          </a>
        </div>
      </div>
      <StatusMessage tone="error">
        {copyState === 'failed' ? messages.copyFailed : null}
      </StatusMessage>
    </section>
  );
}
