import { useMemo, useState, type FormEvent } from 'react';
import { errorMessage } from '#client/lib/api-fetch.ts';
import { useBusy } from '#client/lib/use-busy.ts';
import { StatusMessage } from '#client/ui/StatusMessage.tsx';
import { TextAreaField } from '#client/ui/TextAreaField.tsx';
import { TextField } from '#client/ui/TextField.tsx';
import { SONG_FIELD_MAX_LENGTH, TEXT_MAX_LENGTH } from '#shared/limits.ts';
import type { CreateSuggestionBody } from '#shared/schemas/suggestion.ts';
import { submissionPaths } from './audience-api.ts';
import { useAudienceFlowStore } from './audience-flow-store.ts';
import { AudienceModal } from './AudienceModal.tsx';
import { RequesterFields } from './RequesterFields.tsx';
import { SheetDoneButton, SheetSubmitButton } from './SheetButtons.tsx';
import { audienceOutbox } from './audience-outbox.ts';
import { useAudienceStore } from './audience-store.ts';
import { looksLikeEmail, trimmed } from './form-checks.ts';
import { listedSong } from './listed-song.ts';
import { recallRequester, rememberRequester } from './requester-memory.ts';
import { useAudienceTranslation } from './i18n/audience-i18n.ts';
import { useSheetFields } from './use-sheet-fields.ts';

function SuggestForm() {
  const slug = useAudienceStore((s) => s.slug);
  const songs = useAudienceStore((s) => s.songs);
  const { values, field } = useSheetFields(() => {
    const { name, email } = recallRequester();
    const title = useAudienceFlowStore.getState().suggestTitle;
    return { title, artist: '', name, email, message: '' };
  });
  const [error, setError] = useState('');
  const { busy: sending, run } = useBusy();
  const [sent, setSent] = useState(false);
  const { t } = useAudienceTranslation();

  const listed = useMemo(
    () => listedSong(songs, values.title, values.artist),
    [songs, values.title, values.artist],
  );

  /** One tap from "already on the list" to the request form, with the name and email typed. */
  function requestListed() {
    if (!listed) return;
    const { name, email } = trimmed(values);
    if (name || email) rememberRequester({ name, email });
    useAudienceFlowStore.getState().openRequest(listed);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (listed) return;
    const clean = trimmed(values);
    if (!clean.title || !clean.artist || !clean.name || !clean.email) {
      return setError(t('messages:suggestionFieldsRequired'));
    }
    if (!looksLikeEmail(clean.email)) return setError(t('messages:emailInvalid'));
    setError('');
    rememberRequester({ name: clean.name, email: clean.email });
    const body: CreateSuggestionBody = {
      musician_slug: slug,
      suggested_title: clean.title,
      suggested_artist: clean.artist,
      requester_name: clean.name,
      requester_email: clean.email,
      message: clean.message,
    };
    const path = submissionPaths.suggestion(useAudienceStore.getState().musician?.id);
    const outcome = await run(() => audienceOutbox().submit('suggestion', path, body));
    if (outcome.ok) setSent(true);
    else {
      setError(errorMessage(outcome.error, t('messages:suggestionSubmitFailed')));
      // Already on the list, but not in the list this page holds: the list is out of date.
      if (outcome.status === 409) void useAudienceStore.getState().reloadSongs();
    }
  }

  if (sent) {
    return (
      <div className="form-stack">
        <StatusMessage tone="success">{t('messages:suggestionThanks')}</StatusMessage>
        <SheetDoneButton sheet="suggest" />
      </div>
    );
  }

  return (
    <form className="form-stack" noValidate onSubmit={(event) => void submit(event)}>
      <StatusMessage tone="error">{error}</StatusMessage>
      <TextField label={t('songTitle')} maxLength={SONG_FIELD_MAX_LENGTH} {...field('title')} />
      <TextField label={t('artist')} maxLength={SONG_FIELD_MAX_LENGTH} {...field('artist')} />
      {listed && (
        <div className="suggest-listed status-message status-info" role="status">
          <p>{t('messages:suggestionAlreadyListed')}</p>
          <p className="suggest-listed-song">
            <strong>{listed.title}</strong> · {listed.artist}
          </p>
          <button
            type="button"
            className="button button-primary button-block"
            onClick={requestListed}
          >
            {t('requestSong')}
          </button>
        </div>
      )}
      <RequesterFields name={field('name')} email={field('email')} />
      <TextAreaField
        label={t('messageOptional')}
        rows={2}
        maxLength={TEXT_MAX_LENGTH}
        {...field('message')}
      />
      {/* Already on the list: the hint's Request Song is the next step, not a suggestion. */}
      {!listed && <SheetSubmitButton sending={sending} label={t('suggestSong')} />}
    </form>
  );
}

/** A song that is not in the list: the musician reviews it later. */
export function SuggestModal() {
  const { t } = useAudienceTranslation();
  return (
    <AudienceModal name="suggest" title={t('suggestASong')}>
      <SuggestForm />
    </AudienceModal>
  );
}
