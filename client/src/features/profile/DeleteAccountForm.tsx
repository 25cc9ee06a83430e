import { useState, type FormEvent } from 'react';
import { useBusy } from '#client/lib/use-busy.ts';
import { PASSWORD_MAX_LENGTH } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import { DeleteAccountBody } from '#shared/schemas/auth.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { StatusMessage } from '#client/ui/StatusMessage.tsx';
import { TextField } from '#client/ui/TextField.tsx';
import { useAuthStore } from '#client/lib/session/auth-store.ts';
import { accountApi } from './account-api.ts';

interface DeleteAccountFormProps {
  onCancel(): void;
}

/**
 * Deletes everything after the word DELETE and the current password are typed, then signs this
 * device out. The password may stay empty for an identity-provider account signed in moments
 * ago: the server knows which accounts those are and says what is missing.
 */
export function DeleteAccountForm({ onCancel }: DeleteAccountFormProps) {
  const endSession = useAuthStore((s) => s.endSession);
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const { busy, run } = useBusy();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = DeleteAccountBody.safeParse({
      confirmation_text: typed,
      current_password: password,
    });
    if (!checked.success) {
      return setFailure(checked.error.issues[0]?.message ?? messages.deleteConfirmationRequired);
    }
    setFailure(null);
    await run(async () => {
      try {
        const answer = await accountApi.deleteAccount(checked.data);
        // Every session is gone on the server: forget this one and say why on the sign-in panel.
        endSession(answer.message);
      } catch (error) {
        setFailure(errorMessage(error, messages.accountDeleteFailed));
      }
    });
  }

  return (
    <form
      className="form-stack account-form account-form-danger"
      onSubmit={submit}
      noValidate
      aria-label="Delete account"
    >
      <p>
        This deletes your profile, songs, playlists, shows, requests and tips for good. Your
        audience link stops working.
      </p>
      <TextField
        label='Type "DELETE" to confirm'
        name="confirmation_text"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
      />
      <TextField
        label="Current Password"
        name="current_password"
        type="password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        maxLength={PASSWORD_MAX_LENGTH}
        autoComplete="current-password"
      />
      <StatusMessage tone="error">{failure}</StatusMessage>
      <div className="button-row">
        <button type="submit" className="button button-danger" disabled={busy}>
          Delete My Account
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
