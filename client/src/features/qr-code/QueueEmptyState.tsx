import { useState } from 'react';
import { messages } from '#shared/messages.ts';
import { useAudienceOrigin } from '#client/lib/use-site-config.ts';
import { selectIsStageDevice, useAuthStore } from '#client/lib/session/auth-store.ts';
import { QrCodeModal } from './QrCodeModal.tsx';
import './qr-code.css';

interface QueueEmptyStateProps {
  slug: string;
}

/**
 * An empty queue, for a musician who has not had a request yet: how the room finds them (the
 * QR code) and how to see one arrive (their own audience page, to request like a fan would).
 */
export function QueueEmptyState({ slug }: QueueEmptyStateProps) {
  const [qrOpen, setQrOpen] = useState(false);
  const link = `${useAudienceOrigin()}/musician/${slug}`;
  // The QR code is a musician route; a paired stage device offers the test request only.
  const stageDevice = useAuthStore(selectIsStageDevice);

  return (
    <div className="queue-empty">
      <h3 className="queue-empty-title">{messages.queueEmptyTitle}</h3>
      <p className="muted">{messages.queueEmptyHint}</p>
      <div className="queue-empty-actions">
        {!stageDevice && (
          <button type="button" className="button button-primary" onClick={() => setQrOpen(true)}>
            Show QR code
          </button>
        )}
        {/* A real request through the real page: the musician sees exactly what a fan sees. */}
        <a className="button button-secondary" href={link} target="_blank" rel="noopener">
          Send a test request
        </a>
      </div>
      <QrCodeModal open={qrOpen} onClose={() => setQrOpen(false)} link={link} />
    </div>
  );
}
