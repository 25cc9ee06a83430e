import { useState, type FormEvent } from 'react';
import { useBusy } from '#client/lib/use-busy.ts';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import { type AuthResponse, LoginBody, RegisterBody } from '#shared/schemas/auth.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { validateForm, type FieldErrors } from '#client/lib/form-validation.ts';
import { useFormFields } from '#client/lib/use-form-fields.ts';
import { useOidcButtonLabel, useSupportEmail } from '#client/lib/use-site-config.ts';
import { StatusMessage } from '#client/ui/StatusMessage.tsx';
import { TextField } from '#client/ui/TextField.tsx';
import { authApi, OIDC_START_PATH } from './auth-api.ts';
import { useAuthStore } from '#client/lib/session/auth-store.ts';
import { ForgotPassword } from './ForgotPassword.tsx';
import './auth.css';

type View = 'login' | 'register' | 'forgot';
type Field = 'name' | 'email' | 'password';

const MAX_LENGTHS: Record<Field, number> = {
  name: NAME_MAX_LENGTH,
  email: EMAIL_MAX_LENGTH,
  password: PASSWORD_MAX_LENGTH,
};

/** Sign in, register, or reset a forgotten password: one panel on the landing page. */
export function AuthPanel({ initialView = 'login' }: { initialView?: View }) {
  const [view, setView] = useState<View>(initialView);
  const { values, setValues, setErrors, bind } = useFormFields<Field>(
    { name: '', email: '', password: '' },
    MAX_LENGTHS,
  );
  const [failure, setFailure] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const { busy, run } = useBusy();
  const notice = useAuthStore((s) => s.notice);
  const signIn = useAuthStore((s) => s.signIn);
  const dismissNotice = useAuthStore((s) => s.dismissNotice);
  const navigate = useNavigate();
  const registering = view === 'register';

  function switchTo(next: View) {
    setView(next);
    setErrors({});
    setFailure(null);
    setSuccess(null);
    dismissNotice();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    setSuccess(null);
    const { name, email, password } = values;
    const send = registering
      ? prepare(RegisterBody, { name, email, password }, authApi.register)
      : prepare(LoginBody, { email, password }, authApi.login);
    if (typeof send !== 'function') {
      setErrors(send);
      return;
    }
    setErrors({});
    await run(async () => {
      try {
        signIn(await send());
        navigate('/dashboard', { replace: true });
      } catch (error) {
        setFailure(errorMessage(error, messages.authFailed));
      }
    });
  }

  if (view === 'forgot') {
    return (
      <section className="card auth-panel" aria-labelledby="auth-title">
        <ForgotPassword
          initialEmail={values.email}
          onBack={() => switchTo('login')}
          onDone={(message, email) => {
            switchTo('login');
            setValues({ name: '', email, password: '' });
            setSuccess(message);
          }}
        />
      </section>
    );
  }

  return (
    <section className="card auth-panel" aria-labelledby="auth-title">
      <h2 id="auth-title">{registering ? 'Create your account' : 'Sign in'}</h2>
      <form onSubmit={submit} noValidate className="form-stack">
        {registering && (
          <TextField label="Your Stage Name" {...bind('name')} autoComplete="nickname" />
        )}
        <TextField
          label="Email Address"
          {...bind('email')}
          type="email"
          autoComplete="email"
          inputMode="email"
        />
        <TextField
          label="Password"
          {...bind('password')}
          type="password"
          autoComplete={registering ? 'new-password' : 'current-password'}
          hint={registering ? `At least ${PASSWORD_MIN_LENGTH} characters.` : undefined}
        />
        <StatusMessage tone="error">{failure}</StatusMessage>
        <StatusMessage tone={success ? 'success' : 'info'}>{success ?? notice}</StatusMessage>
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          {registering ? 'Sign Up' : 'Sign In'}
        </button>
      </form>
      <IdentityProviderButton />

      <div className="auth-links">
        <button
          type="button"
          className="link-button"
          onClick={() => switchTo(registering ? 'login' : 'register')}
        >
          {registering ? 'Already have an account? Sign in' : 'Need an account? Sign up'}
        </button>
        {!registering && (
          <button type="button" className="link-button" onClick={() => switchTo('forgot')}>
            Forgot your password?
          </button>
        )}
      </div>
      <SupportContactLine />
    </section>
  );
}

/** Validates the form; returns the field errors, or the call to make with the parsed body. */
function prepare<T, K extends string>(
  schema: z.ZodType<T>,
  values: Record<K, string>,
  call: (body: T) => Promise<AuthResponse>,
): FieldErrors<K> | (() => Promise<AuthResponse>) {
  const checked = validateForm(schema, values);
  return checked.ok ? () => call(checked.data) : checked.errors;
}

/**
 * Sign-in (or sign-up) with the identity provider the server is set up with: a full page load,
 * since the server sends the browser on to the provider. Hidden when none is set up.
 */
function IdentityProviderButton() {
  const label = useOidcButtonLabel();
  if (!label) return null;
  return (
    <a className="button button-secondary button-block oidc-button" href={OIDC_START_PATH}>
      {label}
    </a>
  );
}

function SupportContactLine() {
  const supportEmail = useSupportEmail();
  return (
    <p className="support-line">
      {supportEmail ? (
        <>
          Trouble signing in? Email <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
        </>
      ) : (
        'Trouble signing in? Contact the person who runs this site for help.'
      )}
    </p>
  );
}
