import { useEffect, useId, useRef, useState } from 'react';
import { messages } from '#shared/messages.ts';
import { copyText } from '#client/lib/copy-text.ts';
import { useBusy } from '#client/lib/use-busy.ts';
import { useAudienceOrigin } from '#client/lib/use-site-config.ts';
import { StatusMessage } from '#client/ui/StatusMessage.tsx';
import { AddressWarning } from './AddressWarning.tsx';
import { QrCodeModal } from './QrCodeModal.tsx';
import { defaultPaper, openFlyerPdf } from './qr-files.ts';
import './audience-link.css';
import './qr-code.css';

const COPIED_FOR_MS = 2000;

interface AudienceLinkProps {
  slug: string;
}

/** The link the audience opens: Copy, View, its QR code and the printable flyer. */
export function AudienceLink({ slug }: AudienceLinkProps) {
  const url = `${useAudienceOrigin()}/musician/${slug}`;
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const [qrOpen, setQrOpen] = useState(false);
  const { busy: printing, run } = useBusy();
  const [printFailed, setPrintFailed] = useState(false);

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

  const printFlyer = () =>
    run(async () => {
      setPrintFailed(false);
      try {
        await openFlyerPdf(defaultPaper());
      } catch {
        setPrintFailed(true);
      }
    });

  const error =
    copyState === 'failed' ? messages.copyFailed : printFailed ? messages.flyerPrintFailed : null;

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
      <div className="audience-link-tools">
        <button type="button" className="button button-secondary" onClick={() => setQrOpen(true)}>
          QR Code
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={printing}
          onClick={() => void printFlyer()}
        >
          Print Flyer
        </button>
      </div>
      <AddressWarning link={url} />
      <StatusMessage tone="error">{error}</StatusMessage>
      <QrCodeModal open={qrOpen} onClose={() => setQrOpen(false)} link={url} />
    </section>
  );
}
