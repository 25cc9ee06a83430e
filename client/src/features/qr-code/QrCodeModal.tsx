import { useEffect, useState } from 'react';
import { useBusy } from '#client/lib/use-busy.ts';
import { messages } from '#shared/messages.ts';
import type { FlyerPaper } from '#shared/schemas/audience.ts';
import { LoadingState } from '#client/ui/LoadingState.tsx';
import { Modal } from '#client/ui/Modal.tsx';
import { StatusMessage } from '#client/ui/StatusMessage.tsx';
import { AddressWarning } from './AddressWarning.tsx';
import { qrCodeApi } from './qr-code-api.ts';
import { defaultPaper, download, downloadBlob, openFlyerPdf } from './qr-files.ts';
import './qr-code.css';

interface QrCodeModalProps {
  open: boolean;
  onClose(): void;
  link: string;
}

/** The audience link's QR code: see it, download it (PNG or SVG), print the flyer. */
export function QrCodeModal({ open, onClose, link }: QrCodeModalProps) {
  return (
    <Modal title="Your QR code" open={open} onClose={onClose} className="qr-modal">
      {/* Mounted while open (a fresh code each time), and again for a new link. */}
      <QrCodeContent key={link} link={link} />
    </Modal>
  );
}

function QrCodeContent({ link }: { link: string }) {
  const [png, setPng] = useState<{ blob: Blob; url: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [paper, setPaper] = useState<FlyerPaper>(() => defaultPaper());
  const { busy, run } = useBusy();

  useEffect(() => {
    let url: string | null = null;
    let cancelled = false;
    qrCodeApi.png().then(
      (blob) => {
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setPng({ blob, url });
      },
      () => !cancelled && setError(messages.qrCodeFailed),
    );
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, []);

  async function act(action: () => Promise<void>, failure: string) {
    setError(null);
    await run(async () => {
      try {
        await action();
      } catch {
        setError(failure);
      }
    });
  }

  return (
    <>
      <p className="muted">Put it on the tables: a phone's camera opens your audience page.</p>
      <AddressWarning link={link} />
      <div className="qr-image">
        {png ? (
          <img src={png.url} alt={`QR code of ${link}`} width={240} height={240} />
        ) : error ? null : (
          <LoadingState label="Making your QR code" />
        )}
      </div>
      <p className="qr-link">{link}</p>
      <div className="qr-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={!png || busy}
          onClick={() => png && void downloadBlob(png.blob, 'audience-qr-code.png')}
        >
          Download PNG
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={busy}
          onClick={() =>
            void act(
              async () => downloadBlob(await qrCodeApi.svg(), 'audience-qr-code.svg'),
              messages.qrCodeFailed,
            )
          }
        >
          Download SVG
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={busy}
          onClick={() =>
            void act(
              async () => download((await qrCodeApi.flyerImage()).flyer, 'song-request-flyer.png'),
              messages.flyerFailed,
            )
          }
        >
          Download flyer image
        </button>
      </div>
      <div className="qr-print">
        <label className="qr-paper">
          Paper
          <select value={paper} onChange={(event) => setPaper(event.target.value as FlyerPaper)}>
            <option value="a4">A4</option>
            <option value="letter">Letter</option>
          </select>
        </label>
        <button
          type="button"
          className="button button-primary"
          disabled={busy}
          onClick={() => void act(() => openFlyerPdf(paper), messages.flyerPrintFailed)}
        >
          Print Flyer
        </button>
      </div>
      <StatusMessage tone="error">{error}</StatusMessage>
    </>
  );
}
