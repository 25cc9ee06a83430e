import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PAIRING_CODE_INPUT_MAX_LENGTH } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import { groupPairingCode, normalizePairingCode } from '#shared/schemas/stage-device.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { LoadingState } from '#client/ui/LoadingState.tsx';
import { StatusMessage } from '#client/ui/StatusMessage.tsx';
import { TextField } from '#client/ui/TextField.tsx';
import { selectIsStageDevice, useAuthStore } from '#client/lib/session/auth-store.ts';
import { stageDevicesApi } from './stage-devices-api.ts';
import './stage-devices.css';

/**
 * /stage/pair?code=ABCDEFGH: where the dashboard's QR code leads. The code signs this device in
 * to the musician's On Stage screen (a stage session), then the screen opens. Without a code in
 * the address, the code is typed.
 */
export function StagePairPage() {
  const [params] = useSearchParams();
  const fromLink = normalizePairingCode(params.get('code') ?? '');
  const navigate = useNavigate();
  const signedInAsMusician = useAuthStore((s) => s.token !== null && !selectIsStageDevice(s));
  const [code, setCode] = useState(groupPairingCode(fromLink));
  // Scanned from the dashboard: pair at once, unless that would sign the musician out here.
  const pairAtOnce = fromLink !== '' && !signedInAsMusician;
  const [pairing, setPairing] = useState(pairAtOnce);
  const [error, setError] = useState<string | null>(null);
  // A code works once: React's double effects in development must not spend it twice.
  const claimed = useRef<string | null>(null);

  function claim(plain: string) {
    if (claimed.current === plain) return;
    claimed.current = plain;
    stageDevicesApi.claim(plain).then(
      (session) => {
        useAuthStore.getState().signIn({ ...session, scope: 'stage' });
        void navigate(`/on-stage/${session.musician.slug}`, { replace: true });
      },
      (failure: unknown) => {
        claimed.current = null;
        setError(errorMessage(failure, messages.stagePairingFailed));
        setPairing(false);
      },
    );
  }

  useEffect(() => {
    if (pairAtOnce) claim(fromLink);
    // Only for the code the page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fromLink]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const plain = normalizePairingCode(code);
    if (!plain) return setError(messages.stagePairingCodeRequired);
    setPairing(true);
    setError(null);
    claim(plain);
  }

  return (
    <main className="centered-page">
      <section className="card stage-pair-card" aria-labelledby="stage-pair-title">
        <h1 id="stage-pair-title">Pair a stage device</h1>
        {pairing ? (
          <LoadingState label="Pairing this device…" />
        ) : (
          <form className="form-stack" onSubmit={submit} noValidate>
            <p className="muted">
              Type the code shown under &ldquo;Add a stage device&rdquo; on the musician&apos;s
              dashboard. This device then shows their On Stage screen, without their password.
            </p>
            {signedInAsMusician && (
              <p className="notice-box">
                You are signed in on this device. Pairing it signs you out here and opens the On
                Stage screen only.
              </p>
            )}
            <TextField
              label="Pairing code"
              className="pairing-code-field"
              name="code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoComplete="one-time-code"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={PAIRING_CODE_INPUT_MAX_LENGTH}
              placeholder="ABCD-EFGH"
            />
            <StatusMessage tone="error">{error}</StatusMessage>
            <button type="submit" className="button button-primary button-block">
              Pair this device
            </button>
          </form>
        )}
      </section>
    </main>
  );
}
