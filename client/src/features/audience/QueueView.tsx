import { useEffect, useRef, useState, type FormEvent } from 'react';
import { requesterProblems, type RequesterProblems } from '#shared/requester-checks.ts';
import type { PublicQueueEntry } from '#shared/schemas/public-queue.ts';
import { useAudienceStore } from './audience-store.ts';
import { useAudienceTranslation } from './i18n/audience-i18n.ts';
import { useMyRequestsStore } from './my-requests-store.ts';
import { usePublicQueueStore } from './public-queue-store.ts';
import { recallRequester } from './requester-memory.ts';
import { RequesterFields } from './RequesterFields.tsx';

/**
 * The queue in the open (issue 22 §6): what the musician will play, in order, live, with a +1 on
 * each waiting request (once per phone and per person; the server counts it once regardless).
 */
export function QueueView() {
  const slug = useAudienceStore((s) => s.slug);
  const requests = usePublicQueueStore((s) => s.requests);
  const status = usePublicQueueStore((s) => s.status);
  const { t } = useAudienceTranslation();

  useEffect(() => {
    void usePublicQueueStore.getState().load(slug);
  }, [slug]);

  if (status === 'failed') return <p className="public-queue-note">{t('queueLoadFailed')}</p>;
  if (status !== 'ready') return <p className="public-queue-note" aria-busy="true" />;
  if (requests.length === 0) return <p className="public-queue-note">{t('queueEmpty')}</p>;

  const upNext = requests.filter((r) => r.status === 'up_next');
  const waiting = requests.filter((r) => r.status !== 'up_next');
  const [now, ...next] = upNext;
  return (
    <div className="public-queue" data-testid="public-queue">
      {now && <QueueSection title={t('queueNowPlaying')} entries={[now]} className="is-now" />}
      {next.length > 0 && <QueueSection title={t('queueUpNext')} entries={next} />}
      {waiting.length > 0 && <QueueSection title={t('queueWaiting')} entries={waiting} votable />}
    </div>
  );
}

interface QueueSectionProps {
  title: string;
  entries: PublicQueueEntry[];
  votable?: boolean;
  className?: string;
}

function QueueSection({ title, entries, votable = false, className = '' }: QueueSectionProps) {
  return (
    <section className={`public-queue-section ${className}`}>
      <h2 className="public-queue-heading">{title}</h2>
      <ol className="public-queue-list">
        {entries.map((entry) => (
          <QueueRow key={entry.id} entry={entry} votable={votable} />
        ))}
      </ol>
    </section>
  );
}

function QueueRow({ entry, votable }: { entry: PublicQueueEntry; votable: boolean }) {
  const { t } = useAudienceTranslation();
  const voted = usePublicQueueStore((s) => s.voted.includes(entry.id));
  const voting = usePublicQueueStore((s) => s.voting === entry.id);
  // This phone's own request: marked, and no +1 on it (the server would count it once anyway).
  const mine = useMyRequestsStore((s) => s.tracked.some((item) => item.id === entry.id));
  // A +1 the server refused says why on its own row (the form, when open, says it there).
  const refusal = usePublicQueueStore((s) =>
    s.refusedId === entry.id ? (s.voteError ?? t('queueVoteFailed')) : null,
  );
  const [asking, setAsking] = useState(false);

  const press = () => {
    const requester = recallRequester();
    if (requester.name && requester.email)
      void usePublicQueueStore.getState().vote(entry.id, requester);
    else setAsking(true);
  };

  return (
    <li className={`public-queue-row${mine ? ' is-mine' : ''}`} data-testid="public-queue-row">
      <div className="public-queue-song">
        <p className="public-queue-title">{entry.song_title}</p>
        <p className="public-queue-meta">
          {entry.song_artist}
          {entry.requester_first_name && (
            <> · {t('queueRequestedBy', { name: entry.requester_first_name })}</>
          )}
        </p>
      </div>
      {entry.votes > 1 && (
        <span className="public-queue-votes" data-testid="public-queue-votes">
          {t('queueVotes', { count: entry.votes })}
        </span>
      )}
      {mine && <span className="public-queue-mine">{t('queueYours')}</span>}
      {votable && !mine && (
        <button
          type="button"
          className="button public-queue-vote"
          aria-label={voted ? t('queueVoted') : t('queueVoteFor', { song: entry.song_title })}
          disabled={voted || voting}
          onClick={press}
        >
          {voted ? t('queueVoted') : t('queueVote')}
        </button>
      )}
      {asking && !voted && <VoterForm requestId={entry.id} onDone={() => setAsking(false)} />}
      {refusal && !asking && (
        <p className="public-queue-error public-queue-refusal" role="alert">
          {refusal}
        </p>
      )}
    </li>
  );
}

/** Name and email once, the first time a phone votes (remembered for requests and votes). */
function VoterForm({ requestId, onDone }: { requestId: string; onDone(): void }) {
  const { t } = useAudienceTranslation();
  const [name, setName] = useState(() => recallRequester().name);
  const [email, setEmail] = useState(() => recallRequester().email);
  // Said by each field once a send was refused here, in the server's words (requester-checks).
  const [problems, setProblems] = useState<RequesterProblems>({});
  const voting = usePublicQueueStore((s) => s.voting === requestId);
  const error = usePublicQueueStore((s) => s.voteError);
  const [failed, setFailed] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = requesterProblems(name, email);
    setProblems(found);
    if (found.name || found.email) {
      // After React marks them, the first field in trouble takes the focus.
      queueMicrotask(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    const ok = await usePublicQueueStore
      .getState()
      .vote(requestId, { name: name.trim(), email: email.trim() });
    if (ok) onDone();
    else setFailed(true);
  };

  return (
    <form
      ref={formRef}
      className="public-queue-voter"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <p>{t('queueVoteWho')}</p>
      <RequesterFields
        name={{ value: name, onChange: (event) => setName(event.target.value) }}
        email={{ value: email, onChange: (event) => setEmail(event.target.value) }}
        errors={{
          name: problems.name && t(`messages:${problems.name}`),
          email: problems.email && t(`messages:${problems.email}`),
        }}
      />
      {failed && (
        <p className="public-queue-error" role="alert">
          {error ?? t('queueVoteFailed')}
        </p>
      )}
      <div className="public-queue-voter-buttons">
        <button type="button" className="button button-ghost" onClick={onDone}>
          {t('queueCancel')}
        </button>
        <button type="submit" className="button button-primary" disabled={voting}>
          {t('queueVoteSend')}
        </button>
      </div>
    </form>
  );
}
