import { useState, type FormEvent } from 'react';
import { SONG_FIELD_MAX_LENGTH, TEXT_MAX_LENGTH } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import { parseDuration } from '#shared/song-duration.ts';
import type { SongInput } from '#shared/schemas/song.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { StatusMessage } from '#client/ui/StatusMessage.tsx';
import { TextField } from '#client/ui/TextField.tsx';
import {
  filledFrom,
  songInputFrom,
  DURATION_INPUT_MAX_LENGTH,
  YEAR_INPUT_MAX_LENGTH,
  type SongFormValues,
} from './song-form.ts';
import { songsApi } from './songs-api.ts';
import { TagChips } from './TagChips.tsx';
import { useFilterOptions } from './use-visible-songs.ts';

interface SongFormProps {
  initial: SongFormValues;
  submitLabel: string;
  /** Resolves to an error to show, or null when saved. */
  onSubmit(input: SongInput): Promise<string | null>;
  onCancel(): void;
}

type FieldErrors = Partial<Record<'title' | 'artist', string>>;

/** Add and edit song: title and artist required, genre and mood chips, Auto-fill. */
export function SongForm({ initial, submitLabel, onSubmit, onCancel }: SongFormProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<{ tone: 'error' | 'info'; text: string } | null>(null);
  const [busy, setBusy] = useState<'save' | 'autofill' | null>(null);
  const options = useFilterOptions();

  const set = <K extends keyof SongFormValues>(key: K, value: SongFormValues[K]) => {
    setValues((held) => ({ ...held, [key]: value }));
    if (key === 'title' || key === 'artist') setErrors((held) => ({ ...held, [key]: undefined }));
  };

  async function autoFill() {
    const title = values.title.trim();
    const artist = values.artist.trim();
    if (!title || !artist) {
      return setStatus({ tone: 'error', text: messages.autoFillNeedsTitleArtist });
    }
    setBusy('autofill');
    setStatus(null);
    try {
      const result = await songsApi.searchMetadata(title, artist);
      const found = result.metadata;
      if (!result.success || !found) {
        setStatus({ tone: 'info', text: messages.metadataNotFound });
      } else {
        setValues((held) => filledFrom(held, found));
        setStatus({ tone: 'info', text: `${messages.metadataFound} (${found.source})` });
      }
    } catch (error) {
      setStatus({ tone: 'error', text: errorMessage(error, messages.metadataSearchFailed) });
    } finally {
      setBusy(null);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: FieldErrors = {
      title: values.title.trim() ? undefined : messages.songTitleRequired,
      artist: values.artist.trim() ? undefined : messages.songArtistRequired,
    };
    setErrors(next);
    if (next.title || next.artist) return;
    const year = values.year.trim();
    if (year && !/^\d{4}$/.test(year)) {
      return setStatus({ tone: 'error', text: messages.songYearInvalid });
    }
    if (parseDuration(values.duration) === undefined) {
      return setStatus({ tone: 'error', text: messages.songDurationInvalid });
    }
    setBusy('save');
    setStatus(null);
    const error = await onSubmit(songInputFrom(values));
    setBusy(null);
    if (error) setStatus({ tone: 'error', text: error });
  }

  return (
    <form className="form-stack song-form" onSubmit={(event) => void submit(event)} noValidate>
      <div className="song-form-row">
        <TextField
          label="Title"
          value={values.title}
          error={errors.title}
          maxLength={SONG_FIELD_MAX_LENGTH}
          onChange={(event) => set('title', event.target.value)}
        />
        <TextField
          label="Artist"
          value={values.artist}
          error={errors.artist}
          maxLength={SONG_FIELD_MAX_LENGTH}
          onChange={(event) => set('artist', event.target.value)}
        />
      </div>
      <button
        type="button"
        className="button button-secondary"
        disabled={busy !== null}
        onClick={() => void autoFill()}
      >
        {busy === 'autofill' ? 'Searching…' : 'Auto-fill'}
      </button>
      <TagChips
        label="Genres"
        tags={values.genres}
        suggestions={options.genres}
        onChange={(tags) => set('genres', tags)}
      />
      <TagChips
        label="Moods"
        tags={values.moods}
        suggestions={options.moods}
        onChange={(tags) => set('moods', tags)}
      />
      <div className="song-form-row">
        <TextField
          label="Year"
          inputMode="numeric"
          value={values.year}
          maxLength={YEAR_INPUT_MAX_LENGTH}
          onChange={(event) => set('year', event.target.value)}
        />
        <TextField
          label="Length"
          inputMode="numeric"
          placeholder="3:45"
          value={values.duration}
          maxLength={DURATION_INPUT_MAX_LENGTH}
          onChange={(event) => set('duration', event.target.value)}
        />
      </div>
      <div className="song-form-row">
        <TextField
          label="Notes"
          hint={messages.songNotesPublic}
          value={values.notes}
          maxLength={TEXT_MAX_LENGTH}
          onChange={(event) => set('notes', event.target.value)}
        />
      </div>
      <TextField
        label="Songwriter"
        hint={messages.songSongwriterHint}
        value={values.songwriter}
        maxLength={SONG_FIELD_MAX_LENGTH}
        placeholder="e.g. John Lennon, Paul McCartney"
        onChange={(event) => set('songwriter', event.target.value)}
      />
      <StatusMessage tone={status?.tone ?? 'info'}>{status?.text}</StatusMessage>
      <div className="modal-actions">
        <button type="button" className="button button-ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={busy !== null}>
          {busy === 'save' ? 'Saving…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
