import { useState, type FormEvent } from 'react';
import {
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  RESET_CODE_INPUT_MAX_LENGTH,
} from '#shared/limits.ts';
import { fill } from '#shared/fill-message.ts';
import { messages } from '#shared/messages.ts';
import { ForgotPasswordBody, ResetPasswordBody } from '#shared/schemas/auth.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { validateForm } from '#client/lib/form-validation.ts';
import { useBusy } from '#client/lib/use-busy.ts';
import { useFormFields } from '#client/lib/use-form-fields.ts';
import { StatusMessage } from '#client/ui/StatusMessage.tsx';
import { TextField } from '#client/ui/TextField.tsx';
import { authApi } from './auth-api.ts';

interface ForgotPasswordProps {
  initialEmail: string;
  onBack(): void;
  /** Called with the server's success sentence and the email, to sign in next. */
  onDone(message: string, email: string): void;
}

type Field = 'email' | 'reset_code' | 'new_password';

const MAX_LENGTHS: Record<Field, number> = {
  email: EMAIL_MAX_LENGTH,
  reset_code: RESET_CODE_INPUT_MAX_LENGTH,
  new_password: PASSWORD_MAX_LENGTH,
};

/** Step 1 asks for a code by email; step 2 sets a new password with it. */
export function ForgotPassword({ initialEmail, onBack, onDone }: ForgotPasswordProps) {
  const [step, setStep] = useState<1 | 2>(1);
  const { values, setErrors, bind } = useFormFields<Field>(
    { email: initialEmail, reset_code: '', new_password: '' },
    MAX_LENGTHS,
  );
  const [failure, setFailure] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [devCode, setDevCode] = useState<string | null>(null);
  /** Where this server sends codes: the musician's inbox, or (no SMTP) the operator's log. */
  const [delivery, setDelivery] = useState<'email' | 'log'>('email');
  const { busy, run } = useBusy();

  async function sendCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const checked = validateForm(ForgotPasswordBody, { email: values.email });
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    await run(async () => {
      try {
        const answer = await authApi.forgotPassword(checked.data);
        setInfo(answer.message);
        setDevCode(answer.reset_code ?? null);
        setDelivery(answer.delivery);
        setStep(2);
      } catch (error) {
        setFailure(errorMessage(error, messages.forgotPasswordFailed));
      }
    });
  }

  async function resetPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const checked = validateForm(ResetPasswordBody, values);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    await run(async () => {
      try {
        const answer = await authApi.resetPassword(checked.data);
        onDone(answer.message, checked.data.email);
      } catch (error) {
        setFailure(errorMessage(error, messages.resetPasswordFailed));
      }
    });
  }

  function changeEmail() {
    setStep(1);
    setInfo(null);
    setDevCode(null);
    setFailure(null);
    setErrors({});
  }

  return (
    <>
      <h2 id="auth-title">Reset your password</h2>
      {step === 1 ? (
        <form onSubmit={sendCode} noValidate className="form-stack">
          <p className="muted">Enter your account email and we will send you a reset code.</p>
          <TextField
            label="Email Address"
            {...bind('email')}
            type="email"
            autoComplete="email"
            inputMode="email"
          />
          <StatusMessage tone="error">{failure}</StatusMessage>
          <button type="submit" className="button button-primary button-block" disabled={busy}>
            Send Reset Code
          </button>
        </form>
      ) : (
        <form onSubmit={resetPassword} noValidate className="form-stack">
          <StatusMessage tone="info">{info}</StatusMessage>
          {devCode && (
            <p className="dev-hint">
              Development mode: your reset code is <code>{devCode}</code>
            </p>
          )}
          <p className="muted" data-delivery={delivery}>
            {delivery === 'log'
              ? messages.resetCodeInServerLog
              : fill(messages.resetCodeInInbox, { email: values.email })}{' '}
            <button type="button" className="link-button" onClick={changeEmail}>
              Use another email
            </button>
          </p>
          <TextField
            label="Reset Code"
            {...bind('reset_code')}
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
          />
          <TextField
            label="New Password"
            {...bind('new_password')}
            type="password"
            autoComplete="new-password"
            hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          />
          <StatusMessage tone="error">{failure}</StatusMessage>
          <button type="submit" className="button button-primary button-block" disabled={busy}>
            Reset Password
          </button>
        </form>
      )}
      <div className="auth-links">
        <button type="button" className="link-button" onClick={onBack}>
          Back to login
        </button>
      </div>
    </>
  );
}
