import { useBusy } from '#client/lib/use-busy.ts';
import { plural } from '#shared/fill-message.ts';
import { useState, type FormEvent } from 'react';
import { PLAYLIST_NAME_MAX_LENGTH, type PlaylistSummary } from '#shared/schemas/playlist.ts';
import { TextField } from '#client/ui/TextField.tsx';
import type { PlaylistActions } from './playlist-actions.ts';

interface PlaylistRowProps {
  playlist: PlaylistSummary;
  actions: PlaylistActions;
  onEdit(id: string): void;
  /** Asks for confirmation first (the dialog lives outside the manager, see PlaylistsSection). */
  onDelete(playlist: PlaylistSummary): void;
}

/** Inline rename of one playlist; Escape cancels it. */
export function RenameForm({
  playlist,
  actions,
  onDone,
}: Pick<PlaylistRowProps, 'playlist' | 'actions'> & { onDone(): void }) {
  const [name, setName] = useState(playlist.name);
  const [error, setError] = useState<string>();
  const { busy, run } = useBusy();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const failure = await run(() => actions.rename(playlist.id, name));
    if (failure) setError(failure);
    else onDone();
  }

  return (
    <form className="rename-form" onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label={`New name for ${playlist.name}`}
        value={name}
        error={error}
        autoFocus
        maxLength={PLAYLIST_NAME_MAX_LENGTH}
        onChange={(event) => {
          setName(event.target.value);
          setError(undefined);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            // Escape cancels the rename, not the whole dialog.
            event.preventDefault();
            onDone();
          }
        }}
      />
      <button type="submit" className="button button-primary button-small" disabled={busy}>
        Save
      </button>
      <button type="button" className="button button-ghost button-small" onClick={onDone}>
        Cancel
      </button>
    </form>
  );
}

/** One playlist in the manager: rename inline, public/private, activate, edit, delete. */
export function PlaylistRow({ playlist, actions, onEdit, onDelete }: PlaylistRowProps) {
  const [renaming, setRenaming] = useState(false);
  const { id, name } = playlist;

  return (
    <li className="playlist-row" aria-label={name}>
      {renaming ? (
        <RenameForm playlist={playlist} actions={actions} onDone={() => setRenaming(false)} />
      ) : (
        <div className="playlist-row-head">
          <span className="playlist-name">{name}</span>
          <span className="playlist-meta">
            {plural(playlist.song_count, 'song', 'songs')}
            {playlist.is_active && <span className="song-flag flag-active">Active</span>}
          </span>
        </div>
      )}
      <div className="playlist-row-actions">
        <label className="checkbox-label">
          <input
            type="checkbox"
            checked={playlist.is_public}
            onChange={(event) => void actions.setVisibility(id, event.target.checked)}
          />
          Public
        </label>
        {playlist.is_active ? (
          <button
            type="button"
            className="button button-secondary button-small"
            aria-label={`Show All Songs instead of ${name}`}
            onClick={() => void actions.activate(null)}
          >
            Use All Songs
          </button>
        ) : (
          <button
            type="button"
            className="button button-secondary button-small"
            aria-label={`Set ${name} active`}
            onClick={() => void actions.activate(id)}
          >
            Set Active
          </button>
        )}
        <button
          type="button"
          className="button button-ghost button-small"
          aria-label={`Edit songs of ${name}`}
          onClick={() => onEdit(id)}
        >
          Edit Songs
        </button>
        {!renaming && (
          <button
            type="button"
            className="button button-ghost button-small"
            aria-label={`Rename ${name}`}
            onClick={() => setRenaming(true)}
          >
            Rename
          </button>
        )}
        <button
          type="button"
          className="button button-ghost button-small"
          aria-label={`Delete ${name}`}
          onClick={() => onDelete(playlist)}
        >
          Delete
        </button>
      </div>
    </li>
  );
}
