import { useEffect, useState } from 'react';
import { fill } from '#shared/fill-message.ts';
import { messages } from '#shared/messages.ts';
import type { StageDevice, StageDevicePairing } from '#shared/schemas/stage-device.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { LoadingState } from '#client/ui/LoadingState.tsx';
import { Modal } from '#client/ui/Modal.tsx';
import { StatusMessage } from '#client/ui/StatusMessage.tsx';
import { PairingQrCode } from './PairingQrCode.tsx';
import { stageDevicesApi } from './stage-devices-api.ts';
import { minutesAndSeconds, useSecondsLeft } from './use-seconds-left.ts';

/** How often the open dialog asks whether the other device has paired yet. */
const PAIRED_CHECK_MS = 2000;

interface PairingModalProps {
  open: boolean;
  onClose(): void;
  /** The list changed (a code was made, a device paired): the panel reloads it. */
  onChanged(): void;
}

/** "Add a stage device": a fresh code each time it opens, as a QR code and in big letters. */
export function PairingModal({ open, onClose, onChanged }: PairingModalProps) {
  return (
    <Modal title="Add a stage device" open={open} onClose={onClose} className="pairing-modal">
      <PairingContent onChanged={onChanged} onClose={onClose} />
    </Modal>
  );
}

function PairingContent({ onChanged, onClose }: Omit<PairingModalProps, 'open'>) {
  // A new attempt is a new PairingCodeRequest: it starts empty and makes its own code.
  const [attempt, setAttempt] = useState(0);
  return (
    <PairingCodeRequest
      key={attempt}
      onAgain={() => setAttempt((n) => n + 1)}
      onChanged={onChanged}
      onClose={onClose}
    />
  );
}

interface PairingCodeRequestProps {
  onAgain(): void;
  onChanged(): void;
  onClose(): void;
}

function PairingCodeRequest({ onAgain, onChanged, onClose }: PairingCodeRequestProps) {
  const [pairing, setPairing] = useState<StageDevicePairing | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    stageDevicesApi.create().then(
      (made) => {
        if (cancelled) return;
        setPairing(made);
        onChanged();
      },
      (failure: unknown) =>
        !cancelled && setError(errorMessage(failure, messages.stageDeviceCreateFailed)),
    );
    return () => {
      cancelled = true;
    };
    // One code per attempt: onChanged is the panel's reload, not a reason to make another.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (error) {
    return (
      <>
        <StatusMessage tone="error">{error}</StatusMessage>
        <div className="modal-actions">
          <button type="button" className="button button-primary" onClick={onAgain}>
            Try again
          </button>
        </div>
      </>
    );
  }
  if (!pairing) return <LoadingState label="Making a pairing code…" />;
  return <PairingCode pairing={pairing} onAgain={onAgain} onPaired={onChanged} onClose={onClose} />;
}

interface PairingCodeProps {
  pairing: StageDevicePairing;
  onAgain(): void;
  onPaired(): void;
  onClose(): void;
}

function PairingCode({ pairing, onAgain, onPaired, onClose }: PairingCodeProps) {
  const secondsLeft = useSecondsLeft(pairing.expires_at);
  const paired = usePairedDevice(pairing.id, secondsLeft > 0, onPaired);

  if (paired) {
    return (
      <>
        <StatusMessage tone="success">
          {fill(messages.stageDevicePaired, { name: paired.name })}
        </StatusMessage>
        <div className="modal-actions">
          <button type="button" className="button button-primary" onClick={onClose}>
            Done
          </button>
        </div>
      </>
    );
  }
  if (secondsLeft === 0) {
    return (
      <>
        <StatusMessage tone="info">{messages.stagePairingExpired}</StatusMessage>
        <div className="modal-actions">
          <button type="button" className="button button-primary" onClick={onAgain}>
            Make a new code
          </button>
        </div>
      </>
    );
  }
  return (
    <div className="pairing-code-view">
      <p className="muted">
        On the tablet, scan this QR code, or open{' '}
        <strong>{new URL(pairing.url).host}/stage/pair</strong> and type the code. It signs the
        tablet in to your On Stage screen only: no password, no songs, no account.
      </p>
      <PairingQrCode url={pairing.url} />
      <p className="pairing-code" aria-label={`Pairing code ${pairing.code.split('').join(' ')}`}>
        {pairing.code}
      </p>
      <p className="pairing-expiry" role="timer" aria-live="off">
        Works once, for {minutesAndSeconds(secondsLeft)} more.
      </p>
    </div>
  );
}

/** The device once it has claimed its code, asked for every 2 seconds while the code works. */
function usePairedDevice(id: string, waiting: boolean, onPaired: () => void) {
  const [paired, setPaired] = useState<StageDevice | null>(null);
  useEffect(() => {
    if (!waiting || paired) return;
    const timer = setInterval(() => {
      stageDevicesApi.list().then(
        ({ devices }) => {
          const device = devices.find((d) => d.id === id && d.status === 'paired');
          if (!device) return;
          setPaired(device);
          onPaired();
        },
        () => {},
      );
    }, PAIRED_CHECK_MS);
    return () => clearInterval(timer);
  }, [id, waiting, paired, onPaired]);
  return paired;
}
