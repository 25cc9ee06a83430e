import { useState, type FormEvent } from 'react';
import { useBusy } from '#client/lib/use-busy.ts';
import { PASSWORD_MAX_LENGTH } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import { ChangePasswordBody, PASSWORD_RULES } from '#shared/schemas/auth.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { useFormFields } from '#client/lib/use-form-fields.ts';
import { StatusMessage } from '#client/ui/StatusMessage.tsx';
import { TextField } from '#client/ui/TextField.tsx';
import { accountApi } from './account-api.ts';

type Field = 'current_password' | 'new_password' | 'confirm_password';

const MAX_LENGTHS: Record<Field, number> = {
  current_password: PASSWORD_MAX_LENGTH,
  new_password: PASSWORD_MAX_LENGTH,
  confirm_password: PASSWORD_MAX_LENGTH,
};

interface ChangePasswordFormProps {
  onDone(message: string): void;
  onCancel(): void;
}

/** The rules of spec section 5, in its order, before anything is sent. */
function passwordFormError(values: Record<Field, string>): string | null {
  if (!values.current_password || !values.new_password || !values.confirm_password) {
    return messages.allFieldsRequired;
  }
  if (values.new_password !== values.confirm_password) return messages.newPasswordsDoNotMatch;
  const broken = PASSWORD_RULES.find((rule) => !rule.test(values.new_password));
  if (broken) return broken.message;
  if (values.new_password === values.current_password) return messages.newPasswordSameAsCurrent;
  return null;
}

export function ChangePasswordForm({ onDone, onCancel }: ChangePasswordFormProps) {
  const { values, bind } = useFormFields<Field>(
    { current_password: '', new_password: '', confirm_password: '' },
    MAX_LENGTHS,
  );
  const [failure, setFailure] = useState<string | null>(null);
  const { busy, run } = useBusy();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = passwordFormError(values);
    if (invalid) return setFailure(invalid);
    setFailure(null);
    await run(async () => {
      try {
        const answer = await accountApi.changePassword(ChangePasswordBody.parse(values));
        onDone(answer.message);
      } catch (error) {
        setFailure(errorMessage(error, messages.passwordUpdateFailed));
      }
    });
  }

  return (
    <form
      className="form-stack account-form"
      onSubmit={submit}
      noValidate
      aria-label="Change password"
    >
      <TextField
        label="Current Password"
        {...bind('current_password')}
        type="password"
        autoComplete="current-password"
      />
      <TextField
        label="New Password"
        {...bind('new_password')}
        type="password"
        autoComplete="new-password"
      />
      <ul className="password-checklist" aria-label="New password requirements">
        {PASSWORD_RULES.map((rule) => {
          const met = rule.test(values.new_password);
          return (
            <li key={rule.label} className={met ? 'rule-met' : 'rule-unmet'}>
              <span aria-hidden="true">{met ? '✓' : '○'}</span> {rule.label}
              <span className="visually-hidden">{met ? ' (done)' : ' (not yet)'}</span>
            </li>
          );
        })}
      </ul>
      <TextField
        label="Confirm New Password"
        {...bind('confirm_password')}
        type="password"
        autoComplete="new-password"
      />
      <StatusMessage tone="error">{failure}</StatusMessage>
      <div className="button-row">
        <button type="submit" className="button button-primary" disabled={busy}>
          Update Password
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
