import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useBusy } from '#client/lib/use-busy.ts';
import { StatusMessage } from '#client/ui/StatusMessage.tsx';
import { TextAreaField } from '#client/ui/TextAreaField.tsx';
import { TEXT_MAX_LENGTH } from '#shared/limits.ts';
import { requesterProblems, type RequesterProblems } from '#shared/requester-checks.ts';
import type { CreateRequestBody } from '#shared/schemas/request.ts';
import type { PublicSong } from '#shared/schemas/song.ts';
import { submissionPaths } from './audience-api.ts';
import { useAudienceFlowStore } from './audience-flow-store.ts';
import { AudienceModal } from './AudienceModal.tsx';
import { InsteadSongs } from './InsteadSongs.tsx';
import { RequesterFields } from './RequesterFields.tsx';
import { SheetDoneButton, SheetSubmitButton } from './SheetButtons.tsx';
import { useAudienceStore } from './audience-store.ts';
import { recallRequester, rememberRequester } from './requester-memory.ts';
import { offeredOnRefusal, requestError, sendRequest } from './request-sending.ts';
import { useSheetFields } from './use-sheet-fields.ts';
import { useMyRequestsStore } from './my-requests-store.ts';
import { sendPaidRequest } from './paid-request.ts';
import { SkipTheLine } from './SkipTheLine.tsx';
import { pageRestored } from '#client/lib/use-page-restored.ts';
import { paidRequestPrice } from './tip-rules.ts';
import { useAudienceTranslation } from './i18n/audience-i18n.ts';

function RequestForm({ song }: { song: PublicSong }) {
  const slug = useAudienceStore((s) => s.slug);
  const { values, field } = useSheetFields(() => ({ ...recallRequester(), dedication: '' }));
  // Said by each field; `error` is the server's refusal, under the form.
  const [problems, setProblems] = useState<RequesterProblems>({});
  const [checks, setChecks] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const [error, setError] = useState('');
  // A no-repeats refusal's songs to ask for instead, under its sentence.
  const [instead, setInstead] = useState<PublicSong[]>([]);
  const { busy: sending, run } = useBusy();
  // "Skip the line" chosen: sent with `paid: true`, then on to Checkout.
  const [paid, setPaid] = useState(false);
  const price = useAudienceStore((s) => (s.musician ? paidRequestPrice(s.musician) : null));
  // The same person's request for this song still waits: said instead of sending it again.
  const [alreadyAsked, setAlreadyAsked] = useState(false);
  const { t } = useAudienceTranslation();
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // After a refused send, the first field in trouble takes the focus (and reads its message).
  useEffect(() => {
    if (checks > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [checks]);

  /** A field bound to its value that forgets its problem as soon as it is edited. */
  const checked = (name: 'name' | 'email') => {
    const bound = field(name);
    return {
      ...bound,
      onChange: (event: { target: { value: string } }) => {
        bound.onChange(event);
        if (problems[name]) setProblems(({ [name]: _, ...rest }) => rest);
      },
    };
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const name = values.name.trim();
    const email = values.email.trim();
    const found = requesterProblems(name, email);
    setProblems(found);
    if (found.name || found.email) {
      setError('');
      setChecks((n) => n + 1);
      return;
    }
    setError('');
    setInstead([]);
    rememberRequester({ name, email });
    const sentAs = { name, email, dedication: values.dedication.trim() };
    if (paid && price !== null) {
      const body: CreateRequestBody = {
        song_id: song.id,
        requester_name: name,
        requester_email: email,
        dedication: sentAs.dedication,
      };
      const path = submissionPaths.request(useAudienceStore.getState().musician?.id);
      const paidSong = { title: song.title, artist: song.artist };
      const sent = await run(async () => {
        const answer = await sendPaidRequest(
          { body, path, song: paidSong, key: crypto.randomUUID() },
          (item) => useMyRequestsStore.getState().track(slug, item),
        );
        const already = answer.ok && 'already_requested' in (answer.response as object);
        // On its way to Checkout: the button stays busy until the page leaves (or comes Back).
        if (answer.ok && !already) await pageRestored();
        return answer;
      });
      if (!mounted.current) return;
      if (!sent.ok) return setError(requestError(sent));
      if ('already_requested' in (sent.response as object)) setAlreadyAsked(true);
      return;
    }
    const sent = await run(() => sendRequest(song, sentAs));
    if (!mounted.current) return;
    if (sent.kind === 'refused') {
      setInstead(offeredOnRefusal(sent.outcome));
      return setError(requestError(sent.outcome));
    }
    if (sent.kind === 'already') setAlreadyAsked(true);
  }

  const chosenSong = (
    <p className="chosen-song" translate="no">
      <span className="song-title">{song.title}</span>
      <span className="song-artist">{song.artist}</span>
    </p>
  );

  if (alreadyAsked) {
    return (
      <div className="form-stack">
        {chosenSong}
        <StatusMessage tone="info">{t('messages:requestAlreadyAsked')}</StatusMessage>
        <SheetDoneButton sheet="request" />
      </div>
    );
  }

  return (
    <form ref={formRef} className="form-stack" noValidate onSubmit={(event) => void submit(event)}>
      {chosenSong}
      <RequesterFields
        name={checked('name')}
        email={checked('email')}
        errors={{
          name: problems.name && t(`messages:${problems.name}`),
          email: problems.email && t(`messages:${problems.email}`),
        }}
      />
      <TextAreaField
        label={t('dedicationOptional')}
        rows={2}
        maxLength={TEXT_MAX_LENGTH}
        {...field('dedication')}
      />
      {price !== null && <SkipTheLine price={price} checked={paid} onChange={setPaid} />}
      <StatusMessage tone="error">{error}</StatusMessage>
      <InsteadSongs
        songs={instead}
        sentAs={{
          name: values.name.trim(),
          email: values.email.trim(),
          dedication: values.dedication.trim(),
        }}
        onAsked={() => setInstead([])}
        onError={setError}
      />
      <SheetSubmitButton
        sending={sending}
        label={paid && price !== null ? t('continueToPayment') : t('sendRequest')}
      />
    </form>
  );
}

/** The request form of the song chosen. */
export function RequestModal() {
  const song = useAudienceFlowStore((s) => s.song);
  const { t } = useAudienceTranslation();
  return (
    <AudienceModal name="request" title={t('requestASong')}>
      {song && <RequestForm song={song} />}
    </AudienceModal>
  );
}
