import { useState } from 'react';
import { messages } from '#shared/messages.ts';
import type { Musician, ProfileUpdateBody } from '#shared/schemas/musician.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { useAuthStore } from '#client/lib/session/auth-store.ts';
import { profileApi } from '#client/lib/session/profile-api.ts';
import { StatusMessage } from '#client/ui/StatusMessage.tsx';

type Switch = 'venue_screen_enabled' | 'venue_screen_dedications' | 'public_queue';

const SWITCHES: { field: Switch; label: string; hint: string }[] = [
  {
    field: 'venue_screen_enabled',
    label: 'Venue screen on',
    hint: 'Now playing, the next requests (first names only) and your QR code, for the venue’s TV.',
  },
  {
    field: 'venue_screen_dedications',
    label: 'Show dedications on the venue screen',
    hint: 'Off by default: dedications are often private.',
  },
  {
    field: 'public_queue',
    label: 'Show the queue on my page',
    hint: 'Your audience sees the queue in order and can +1 a waiting request.',
  },
];

/**
 * The venue screen and the queue in the open (issue 22 §5, §6): a link to open the screen on
 * the venue's TV, and its switches, each saved as it is flipped (PUT /api/profile).
 */
export function VenueScreenSettings({ musician }: { musician: Musician }) {
  const setMusician = useAuthStore((s) => s.setMusician);
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState<Switch | null>(null);
  // Flipped at once (a switch that waits for the server feels broken), put back if it fails.
  const [shown, setShown] = useState<Partial<Record<Switch, boolean>>>({});
  const screenPath = `/screen/${encodeURIComponent(musician.slug)}`;

  async function flip(field: Switch, value: boolean) {
    setBusy(field);
    setStatus(null);
    setShown((current) => ({ ...current, [field]: value }));
    try {
      const change: ProfileUpdateBody = { [field]: value };
      setMusician(await profileApi.update(change));
      setStatus({ tone: 'success', text: messages.profileUpdated });
    } catch (error) {
      setStatus({ tone: 'error', text: errorMessage(error, messages.profileUpdateFailed) });
    } finally {
      setShown((current) => ({ ...current, [field]: undefined }));
      setBusy(null);
    }
  }

  return (
    <section className="card" aria-labelledby="venue-screen-title">
      <h3 id="venue-screen-title">Venue screen</h3>
      <p>
        Open it on the venue’s TV or projector (full screen, it stays awake):{' '}
        <a href={screenPath} target="_blank" rel="noreferrer" data-testid="venue-screen-link">
          {window.location.host}
          {screenPath}
        </a>
      </p>
      {SWITCHES.map(({ field, label, hint }) => (
        <div key={field} className="venue-screen-switch">
          <label className="checkbox-row">
            <input
              type="checkbox"
              checked={shown[field] ?? musician[field]}
              disabled={busy !== null}
              onChange={(event) => void flip(field, event.target.checked)}
            />
            {label}
          </label>
          <p className="field-hint">{hint}</p>
        </div>
      ))}
      <StatusMessage tone={status?.tone ?? 'success'}>{status?.text ?? null}</StatusMessage>
    </section>
  );
}
