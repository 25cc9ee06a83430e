import { useState, type FormEvent } from 'react';
import { useBusy } from '#client/lib/use-busy.ts';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import { ChangeEmailBody } from '#shared/schemas/auth.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { useFormFields } from '#client/lib/use-form-fields.ts';
import { StatusMessage } from '#client/ui/StatusMessage.tsx';
import { TextField } from '#client/ui/TextField.tsx';
import { useAuthStore } from '#client/lib/session/auth-store.ts';
import { accountApi } from './account-api.ts';

type Field = 'new_email' | 'confirm_email' | 'current_password';

const MAX_LENGTHS: Record<Field, number> = {
  new_email: EMAIL_MAX_LENGTH,
  confirm_email: EMAIL_MAX_LENGTH,
  current_password: PASSWORD_MAX_LENGTH,
};

interface ChangeEmailFormProps {
  currentEmail: string;
  onDone(message: string): void;
  onCancel(): void;
}

/** The rules of spec section 5, in its order, before anything is sent. */
function emailFormError(values: Record<Field, string>, currentEmail: string): string | null {
  if (!values.new_email.trim() || !values.confirm_email.trim() || !values.current_password) {
    return messages.allFieldsRequired;
  }
  const newEmail = values.new_email.trim().toLowerCase();
  if (newEmail !== values.confirm_email.trim().toLowerCase()) return messages.emailsDoNotMatch;
  if (newEmail === currentEmail.toLowerCase()) return messages.newEmailSameAsCurrent;
  const checked = ChangeEmailBody.safeParse(values);
  return checked.success ? null : (checked.error.issues[0]?.message ?? messages.emailInvalid);
}

export function ChangeEmailForm({ currentEmail, onDone, onCancel }: ChangeEmailFormProps) {
  const setMusician = useAuthStore((s) => s.setMusician);
  const { values, bind } = useFormFields<Field>(
    { new_email: '', confirm_email: '', current_password: '' },
    MAX_LENGTHS,
  );
  const [failure, setFailure] = useState<string | null>(null);
  const { busy, run } = useBusy();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = emailFormError(values, currentEmail);
    if (invalid) return setFailure(invalid);
    setFailure(null);
    await run(async () => {
      try {
        const answer = await accountApi.changeEmail(ChangeEmailBody.parse(values));
        setMusician(answer.musician);
        onDone(answer.message);
      } catch (error) {
        setFailure(errorMessage(error, messages.emailUpdateFailed));
      }
    });
  }

  return (
    <form
      className="form-stack account-form"
      onSubmit={submit}
      noValidate
      aria-label="Change email"
    >
      <TextField label="New Email" {...bind('new_email')} type="email" autoComplete="email" />
      <TextField
        label="Confirm New Email"
        {...bind('confirm_email')}
        type="email"
        autoComplete="email"
      />
      <TextField
        label="Current Password"
        {...bind('current_password')}
        type="password"
        autoComplete="current-password"
      />
      <StatusMessage tone="error">{failure}</StatusMessage>
      <div className="button-row">
        <button type="submit" className="button button-primary" disabled={busy}>
          Update Email
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
