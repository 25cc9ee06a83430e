import { useBusy } from '#client/lib/use-busy.ts';
import { plural } from '#shared/fill-message.ts';
import { useState, type FormEvent } from 'react';
import { Modal } from '#client/ui/Modal.tsx';
import { StatusMessage } from '#client/ui/StatusMessage.tsx';
import { TextField } from '#client/ui/TextField.tsx';
import { BATCH_EDIT_MAX_LENGTHS, EMPTY_BATCH_FORM, type BatchEditForm } from './batch-edit.ts';
import { selectSelectedCount, useSongsStore } from './songs-store.ts';
import type { SongActions } from './use-song-actions.ts';

const FIELDS: { key: keyof BatchEditForm; label: string; hint?: string }[] = [
  { key: 'artist', label: 'Artist' },
  { key: 'genres', label: 'Genres', hint: 'Separate several with commas.' },
  { key: 'moods', label: 'Moods', hint: 'Separate several with commas.' },
  { key: 'year', label: 'Year' },
  { key: 'notes', label: 'Notes' },
];

function BatchEditForm({ actions, onClose }: { actions: SongActions; onClose(): void }) {
  const [form, setForm] = useState(EMPTY_BATCH_FORM);
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useBusy();
  const count = useSongsStore(selectSelectedCount);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const failure = await run(() => actions.batchEdit(form));
    if (failure) setError(failure);
    else onClose();
  }

  return (
    <form className="form-stack" onSubmit={(event) => void submit(event)} noValidate>
      <p>
        Only the fields you fill in change, on the {plural(count, 'song', 'songs')} you selected.
      </p>
      {FIELDS.map((field) => (
        <TextField
          key={field.key}
          label={field.label}
          hint={field.hint}
          maxLength={BATCH_EDIT_MAX_LENGTHS[field.key]}
          value={form[field.key]}
          onChange={(event) => {
            setForm((held) => ({ ...held, [field.key]: event.target.value }));
            setError(null);
          }}
        />
      ))}
      <StatusMessage tone="error">{error}</StatusMessage>
      <div className="modal-actions">
        <button type="button" className="button button-ghost" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={busy}>
          Update Songs
        </button>
      </div>
    </form>
  );
}

export function BatchEditModal(props: { open: boolean; actions: SongActions; onClose(): void }) {
  return (
    <Modal title="Batch Edit Songs" open={props.open} onClose={props.onClose}>
      <BatchEditForm actions={props.actions} onClose={props.onClose} />
    </Modal>
  );
}
