import { messages } from '#shared/messages.ts';
import type { LearnNextSong, UnderplayedSong } from '#shared/schemas/insights.ts';
import { LoadingState } from '#client/ui/LoadingState.tsx';
import { StatusMessage } from '#client/ui/StatusMessage.tsx';
import { askedAgo, peopleLabel, showsLabel, songName, sourcesLabel } from './learn-next-format.ts';
import { useLearnNext, type LearnNextNotice } from './use-learn-next.ts';
import './insights.css';

/**
 * "Learn next": the songs the audience suggested show after show that are not in the list yet,
 * most wanted lately first, each with 'Add to my songs' and 'Not for me'; beneath it, the
 * musician's own songs asked for more often than played.
 */
export function LearnNextPanel() {
  const learnNext = useLearnNext();
  const { loaded } = learnNext;

  return (
    <div className="stack learn-next">
      <section className="card" aria-labelledby="learn-next-title">
        <h3 id="learn-next-title">Learn next</h3>
        <p className="muted learn-next-intro">
          Songs your audience suggested that you do not play yet. More people, more recent asks and
          more shows put a song higher.
        </p>
        {loaded.status === 'loading' && <LoadingState label="Loading what to learn next" />}
        {loaded.status === 'error' && (
          <>
            <StatusMessage tone="error">{loaded.text}</StatusMessage>
            <button type="button" className="button button-secondary" onClick={learnNext.retry}>
              Try again
            </button>
          </>
        )}
        {loaded.status === 'ready' &&
          (loaded.data.songs.length === 0 ? (
            <p className="learn-next-empty">{messages.learnNextEmpty}</p>
          ) : (
            <ol className="learn-next-list" aria-label="Songs to learn next">
              {loaded.data.songs.map((song, index) => (
                <LearnNextItem
                  key={`${song.title}\u0000${song.artist}`}
                  song={song}
                  rank={index + 1}
                  now={loaded.at}
                  busy={learnNext.isBusy(song)}
                  onAdd={() => learnNext.addToSongs(song)}
                  onDismiss={() => learnNext.dismiss(song)}
                />
              ))}
            </ol>
          ))}
      </section>

      {loaded.status === 'ready' && <Underplayed songs={loaded.data.underplayed} />}

      <div className="learn-next-notices" aria-live="polite">
        {learnNext.notice && (
          <Notice
            notice={learnNext.notice}
            onUndo={learnNext.undo}
            onClose={learnNext.closeNotice}
          />
        )}
      </div>
    </div>
  );
}

interface LearnNextItemProps {
  song: LearnNextSong;
  rank: number;
  now: number;
  busy: boolean;
  onAdd(): void;
  onDismiss(): void;
}

function LearnNextItem({ song, rank, now, busy, onAdd, onDismiss }: LearnNextItemProps) {
  const name = songName(song);
  return (
    <li className="learn-next-item" aria-label={name}>
      <span className="learn-next-rank" aria-hidden="true">
        {rank}
      </span>
      <div className="learn-next-body">
        <p className="learn-next-song">
          <strong>{song.title}</strong> <span className="muted">{song.artist}</span>
        </p>
        <p className="learn-next-facts">
          {peopleLabel(song.requesters)} · {showsLabel(song.shows)} · last asked{' '}
          {askedAgo(song.last_asked_at, now)}
        </p>
        <p className="learn-next-sources muted">{sourcesLabel(song)}</p>
      </div>
      <div className="learn-next-actions">
        <button
          type="button"
          className="button button-primary button-small"
          aria-label={`Add ${name} to my songs`}
          disabled={busy}
          onClick={onAdd}
        >
          Add to my songs
        </button>
        <button
          type="button"
          className="button button-ghost button-small"
          aria-label={`Not for me: ${name}`}
          disabled={busy}
          onClick={onDismiss}
        >
          Not for me
        </button>
      </div>
    </li>
  );
}

function Underplayed({ songs }: { songs: UnderplayedSong[] }) {
  return (
    <section className="card" aria-labelledby="underplayed-title">
      <h3 id="underplayed-title">Requested but rarely played</h3>
      {songs.length === 0 ? (
        <p className="muted">{messages.underplayedEmpty}</p>
      ) : (
        <div className="table-scroll">
          <table className="learn-next-table">
            <thead>
              <tr>
                <th scope="col">Song</th>
                <th scope="col" className="numeric">
                  People
                </th>
                <th scope="col" className="numeric">
                  Asked
                </th>
                <th scope="col" className="numeric">
                  Played
                </th>
              </tr>
            </thead>
            <tbody>
              {songs.map((song) => (
                <tr key={song.song_id}>
                  <td>
                    <strong>{song.title}</strong> <span className="muted">{song.artist}</span>
                  </td>
                  <td className="numeric">{song.requesters}</td>
                  <td className="numeric">{song.requests}</td>
                  <td className="numeric">{song.played}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

interface NoticeProps {
  notice: LearnNextNotice;
  onUndo(song: LearnNextSong): void;
  onClose(): void;
}

function Notice({ notice, onUndo, onClose }: NoticeProps) {
  return (
    <p
      key={notice.id}
      className={`undo-toast learn-next-notice learn-next-notice-${notice.kind}`}
      role={notice.kind === 'error' ? 'alert' : 'status'}
    >
      <span>{notice.text}</span>
      {notice.kind === 'dismissed' ? (
        <button
          type="button"
          className="button button-small undo-button"
          onClick={() => onUndo(notice.song)}
        >
          Undo
        </button>
      ) : (
        <button
          type="button"
          className="button button-ghost button-small"
          aria-label="Close"
          onClick={onClose}
        >
          ×
        </button>
      )}
    </p>
  );
}
