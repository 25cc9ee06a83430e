import { useEffect, useState, type FormEvent } from 'react';
import { TextField } from '#client/ui/TextField.tsx';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '#shared/limits.ts';
import type { PublicQueueEntry } from '#shared/schemas/public-queue.ts';
import { useAudienceStore } from './audience-store.ts';
import { useAudienceTranslation } from './i18n/audience-i18n.ts';
import { usePublicQueueStore } from './public-queue-store.ts';
import { recallRequester } from './requester-memory.ts';

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
  const [asking, setAsking] = useState(false);

  const press = () => {
    const requester = recallRequester();
    if (requester.name && requester.email)
      void usePublicQueueStore.getState().vote(entry.id, requester);
    else setAsking(true);
  };

  return (
    <li className="public-queue-row" data-testid="public-queue-row">
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
      {votable && (
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
    </li>
  );
}

/** Name and email once, the first time a phone votes (remembered for requests and votes). */
function VoterForm({ requestId, onDone }: { requestId: string; onDone(): void }) {
  const { t } = useAudienceTranslation();
  const [name, setName] = useState(() => recallRequester().name);
  const [email, setEmail] = useState(() => recallRequester().email);
  const voting = usePublicQueueStore((s) => s.voting === requestId);
  const error = usePublicQueueStore((s) => s.voteError);
  const [failed, setFailed] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const ok = await usePublicQueueStore
      .getState()
      .vote(requestId, { name: name.trim(), email: email.trim() });
    if (ok) onDone();
    else setFailed(true);
  };

  return (
    <form className="public-queue-voter" onSubmit={(event) => void submit(event)}>
      <p>{t('queueVoteWho')}</p>
      <TextField
        label={t('yourName')}
        autoComplete="name"
        maxLength={NAME_MAX_LENGTH}
        value={name}
        onChange={(event) => setName(event.target.value)}
        required
      />
      <TextField
        label={t('yourEmail')}
        type="email"
        inputMode="email"
        autoComplete="email"
        maxLength={EMAIL_MAX_LENGTH}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        required
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
