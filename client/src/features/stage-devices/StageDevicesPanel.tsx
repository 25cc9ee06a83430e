import { useCallback, useEffect, useState } from 'react';
import { messages } from '#shared/messages.ts';
import type { StageDevice } from '#shared/schemas/stage-device.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { ConfirmButton } from '#client/ui/ConfirmButton.tsx';
import { StatusMessage } from '#client/ui/StatusMessage.tsx';
import { PairingModal } from './PairingModal.tsx';
import { stageDevicesApi } from './stage-devices-api.ts';
import './stage-devices.css';

/**
 * The Profile tab's "Stage devices": a bandmate's tablet signs in to the On Stage screen with a
 * pairing code instead of the password, and is removed (signed out at once) from here.
 */
export function StageDevicesPanel() {
  const [devices, setDevices] = useState<StageDevice[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);

  const reload = useCallback(() => {
    stageDevicesApi.list().then(
      ({ devices: listed }) => {
        setDevices(listed);
        setError(null);
      },
      (failure: unknown) => setError(errorMessage(failure, messages.stageDevicesLoadFailed)),
    );
  }, []);
  useEffect(reload, [reload]);

  async function remove(device: StageDevice) {
    setRemoving(device.id);
    setError(null);
    try {
      await stageDevicesApi.remove(device.id);
    } catch (failure) {
      setError(errorMessage(failure, messages.stageDeviceRemoveFailed));
    } finally {
      setRemoving(null);
      reload();
    }
  }

  // A waiting code shows in the pairing window; the list holds devices that were paired.
  const paired = devices?.filter((device) => device.status !== 'waiting') ?? [];

  return (
    <section className="card stage-devices" aria-labelledby="stage-devices-title">
      <h3 id="stage-devices-title">Stage devices</h3>
      <p className="muted">
        Let a bandmate&apos;s tablet show the On Stage screen without your password. It can work the
        queue and switch requests on or off, nothing else.
      </p>
      {paired.length > 0 && (
        <ul className="stage-device-list" aria-label="Paired stage devices">
          {paired.map((device) => (
            <li key={device.id} className="stage-device">
              <div>
                <strong>{device.name}</strong>
                <span className="muted stage-device-seen">{lastSeen(device)}</span>
                {device.status === 'signed_out' && (
                  <span className="stage-device-signed-out">{messages.stageDeviceSignedOut}</span>
                )}
              </div>
              <ConfirmButton
                label="Remove"
                accessibleName={`Remove ${device.name}`}
                title="Remove this stage device?"
                message={`${device.name} is signed out at once and needs a new code to come back.`}
                confirmLabel="Remove"
                disabled={removing === device.id}
                onConfirm={() => void remove(device)}
              />
            </li>
          ))}
        </ul>
      )}
      {devices !== null && paired.length === 0 && (
        <p className="stage-devices-empty">No stage devices yet.</p>
      )}
      <StatusMessage tone="error">{error}</StatusMessage>
      <div>
        <button type="button" className="button button-secondary" onClick={() => setAdding(true)}>
          Add a stage device
        </button>
      </div>
      <PairingModal
        open={adding}
        onClose={() => {
          setAdding(false);
          reload();
        }}
        onChanged={reload}
      />
    </section>
  );
}

function lastSeen(device: StageDevice): string {
  const at = device.last_seen_at ?? device.claimed_at;
  if (!at) return '';
  const when = new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return `Last used ${when}`;
}
