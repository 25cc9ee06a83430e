import { useState } from 'react';
import { StatusMessage } from '#client/ui/StatusMessage.tsx';
import { ChangeEmailForm } from './ChangeEmailForm.tsx';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { DeleteAccountForm } from './DeleteAccountForm.tsx';

type OpenForm = 'email' | 'password' | 'delete' | null;

interface AccountSettingsProps {
  email: string;
  /** The password changed: the server revoked the feed tokens too. */
  onPasswordChanged(): void;
}

/**
 * Change email, change password, delete account: each an inline form opened by its button.
 * Cancel closes it, and closing unmounts it, which clears what was typed.
 */
export function AccountSettings({ email, onPasswordChanged }: AccountSettingsProps) {
  const [open, setOpen] = useState<OpenForm>(null);
  const [done, setDone] = useState<string | null>(null);

  function toggle(form: Exclude<OpenForm, null>) {
    setDone(null);
    setOpen((current) => (current === form ? null : form));
  }
  const finish = (message: string) => {
    setOpen(null);
    setDone(message);
  };
  const cancel = () => setOpen(null);

  return (
    <section className="card" aria-labelledby="account-settings-title">
      <h3 id="account-settings-title">Account</h3>
      <p className="muted">
        Signed in as <strong>{email}</strong>
      </p>
      <StatusMessage tone="success">{done}</StatusMessage>
      <div className="account-actions">
        <button
          type="button"
          className="button button-secondary"
          aria-expanded={open === 'email'}
          onClick={() => toggle('email')}
        >
          Change Email
        </button>
        <button
          type="button"
          className="button button-secondary"
          aria-expanded={open === 'password'}
          onClick={() => toggle('password')}
        >
          Change Password
        </button>
        <button
          type="button"
          className="button button-ghost account-delete-button"
          aria-expanded={open === 'delete'}
          onClick={() => toggle('delete')}
        >
          Delete Account
        </button>
      </div>
      {open === 'email' && (
        <ChangeEmailForm currentEmail={email} onDone={finish} onCancel={cancel} />
      )}
      {open === 'password' && (
        <ChangePasswordForm
          onDone={(message) => {
            finish(message);
            onPasswordChanged();
          }}
          onCancel={cancel}
        />
      )}
      {open === 'delete' && <DeleteAccountForm onCancel={cancel} />}
    </section>
  );
}
