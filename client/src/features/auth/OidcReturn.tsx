import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { fill } from '#shared/fill-message.ts';
import { NAME_MAX_LENGTH } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import type { AuthResponse } from '#shared/schemas/auth.ts';
import {
  OidcCompleteBody,
  type OidcCallbackResponse,
  type OidcSignupResponse,
} from '#shared/schemas/oidc.ts';
import { ApiError, errorMessage } from '#client/lib/api-client.ts';
import { validateForm } from '#client/lib/form-validation.ts';
import { useBusy } from '#client/lib/use-busy.ts';
import { useFormFields } from '#client/lib/use-form-fields.ts';
import { StatusMessage } from '#client/ui/StatusMessage.tsx';
import { TextField } from '#client/ui/TextField.tsx';
import { authApi } from './auth-api.ts';
import { selectIsLoggedIn, useAuthStore } from '#client/lib/session/auth-store.ts';
import './auth.css';

type Phase =
  | { kind: 'working' }
  | { kind: 'name'; signup: OidcSignupResponse }
  | { kind: 'failed'; message: string };

// One exchange per provider answer, even when React runs the effect twice (StrictMode): the
// server takes a state once, so a second call would fail the sign-in the first one finished.
const exchanges = new Map<string, Promise<OidcCallbackResponse>>();

function exchange(code: string, state: string, iss: string | null) {
  let pending = exchanges.get(state);
  if (!pending) {
    pending = authApi.oidcCallback({ code, state, ...(iss === null ? {} : { iss }) });
    exchanges.set(state, pending);
  }
  return pending;
}

const isSession = (answer: OidcCallbackResponse): answer is AuthResponse => 'token' in answer;

/**
 * /profile, where the identity provider sends the browser back. With the provider's code: signs
 * in, or asks a first-time musician for a stage name. Without one it is what it always was for a
 * signed-in musician: the Profile tab.
 */
export function OidcReturn() {
  const [params] = useSearchParams();
  const loggedIn = useAuthStore(selectIsLoggedIn);
  const code = params.get('code');
  const state = params.get('state');
  const providerError = params.get('error');
  // Decided once: signing in on this page must not turn it into the Profile-tab redirect.
  const [answered] = useState(
    () => !loggedIn && (providerError !== null || (code !== null && state !== null)),
  );

  if (!answered) return <Navigate to={loggedIn ? '/dashboard?tab=profile' : '/'} replace />;
  return (
    <main className="centered-page">
      <section className="card oidc-return" aria-labelledby="oidc-title">
        {providerError !== null || code === null || state === null ? (
          <Failed message={messages.oidcFailed} />
        ) : (
          <Exchange code={code} state={state} iss={params.get('iss')} />
        )}
      </section>
    </main>
  );
}

function Exchange({ code, state, iss }: { code: string; state: string; iss: string | null }) {
  const [phase, setPhase] = useState<Phase>({ kind: 'working' });
  const signIn = useAuthStore((s) => s.signIn);
  const navigate = useNavigate();

  useEffect(() => {
    // The code works once: a reload must not send it again, so it leaves the address bar.
    window.history.replaceState(window.history.state, '', '/profile');
    let current = true;
    exchange(code, state, iss).then(
      (answer) => {
        if (!current) return;
        if (isSession(answer)) {
          signIn(answer);
          navigate('/dashboard', { replace: true });
        } else {
          setPhase({ kind: 'name', signup: answer });
        }
      },
      (error: unknown) => {
        if (current) setPhase({ kind: 'failed', message: failureMessage(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [code, state, iss, signIn, navigate]);

  if (phase.kind === 'failed') return <Failed message={phase.message} />;
  if (phase.kind === 'name') return <ChooseStageName signup={phase.signup} />;
  return (
    <>
      <h1 id="oidc-title">Signing you in…</h1>
      <p className="muted" role="status">
        One moment while we check your sign-in.
      </p>
    </>
  );
}

/** A first sign-in: the provider vouched for the email, the musician names their act. */
function ChooseStageName({ signup }: { signup: OidcSignupResponse }) {
  const { values, setErrors, bind } = useFormFields<'name'>(
    { name: signup.suggested_name },
    { name: NAME_MAX_LENGTH },
  );
  const [failure, setFailure] = useState<string | null>(null);
  const { busy, run } = useBusy();
  const signIn = useAuthStore((s) => s.signIn);
  const navigate = useNavigate();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const checked = validateForm(OidcCompleteBody, {
      signup_token: signup.signup_token,
      name: values.name,
    });
    if (!checked.ok) {
      setErrors({ name: checked.errors.name });
      return;
    }
    setErrors({});
    await run(async () => {
      try {
        signIn(await authApi.oidcComplete(checked.data));
        navigate('/dashboard', { replace: true });
      } catch (error) {
        // A name the server refuses is the field's to fix; anything else ends this sign-in.
        if (error instanceof ApiError && error.status === 400 && error.detail) {
          setErrors({ name: error.detail });
        } else {
          setFailure(failureMessage(error));
        }
      }
    });
  }

  if (failure) return <Failed message={failure} />;
  return (
    <>
      <h1 id="oidc-title">Choose your stage name</h1>
      <p className="muted">{fill(messages.oidcChooseStageName, { email: signup.email })}</p>
      <form onSubmit={submit} noValidate className="form-stack">
        <TextField label="Your Stage Name" {...bind('name')} autoComplete="nickname" autoFocus />
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          Continue
        </button>
      </form>
    </>
  );
}

function Failed({ message }: { message: string }) {
  return (
    <>
      <h1 id="oidc-title">Sign-in did not work</h1>
      <StatusMessage tone="error">{message}</StatusMessage>
      <p className="oidc-return-back">
        <Link className="button button-secondary button-block" to="/" replace>
          Back to sign in
        </Link>
      </p>
    </>
  );
}

/** The server's sentence for a provider that is down or a limit; the spec's for all else. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError && (error.status === 503 || error.status === 429)) {
    return errorMessage(error, messages.oidcFailed);
  }
  return messages.oidcFailed;
}
