import { messages } from '#shared/messages.ts';
import { StatusMessage } from '#client/ui/StatusMessage.tsx';
import type { ProfileForm } from './use-profile-form.ts';

interface ProfileSaveBarProps {
  form: ProfileForm;
  /** Inside the settings form: Save submits it (Enter in a field does too). */
  submits: boolean;
  onSave(): void;
}

/**
 * The Profile tab's one way of saving: stuck to the bottom of the screen, saying whether there
 * are unsaved changes, with the outcome of the last save beside the button.
 */
export function ProfileSaveBar({ form, submits, onSave }: ProfileSaveBarProps) {
  const note = form.dirty ? messages.profileUnsavedChanges : messages.profileAllSaved;
  return (
    <div className={form.dirty ? 'profile-save-bar is-dirty' : 'profile-save-bar'}>
      <div className="profile-save-status">
        {form.status ? (
          <StatusMessage tone={form.status.tone}>{form.status.text}</StatusMessage>
        ) : (
          <>
            <StatusMessage tone="success">{null}</StatusMessage>
            <p className="profile-save-note">{note}</p>
          </>
        )}
      </div>
      <button
        type={submits ? 'submit' : 'button'}
        className="button button-primary"
        disabled={form.busy}
        onClick={submits ? undefined : onSave}
      >
        {form.busy ? 'Saving…' : 'Save Profile'}
      </button>
    </div>
  );
}
