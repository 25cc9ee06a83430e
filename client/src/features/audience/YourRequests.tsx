import { REQUESTER_STATUS_LABELS } from '#shared/request-status-labels.ts';
import { useMyRequests } from './my-requests-store.ts';

/** The requests this phone sent, with their state as the musician works them (live). */
export function YourRequests() {
  const tracked = useMyRequests((s) => s.tracked);
  const sending = useMyRequests((s) => s.sending);
  if (tracked.length === 0 && sending.length === 0) return null;

  return (
    <section className="my-requests card" aria-labelledby="my-requests-title">
      <h2 id="my-requests-title">Your requests</h2>
      <ul aria-live="polite">
        {sending.map((item) => (
          <li key={item.key} className="my-request">
            <span className="my-request-song">
              <span className="my-request-title">{item.song_title}</span>
              <span className="my-request-artist">{item.song_artist}</span>
            </span>
            <span className="status-badge status-sending">Sending…</span>
          </li>
        ))}
        {tracked.map((item) => (
          <li key={item.token} className="my-request">
            <span className="my-request-song">
              <span className="my-request-title">{item.song_title}</span>
              <span className="my-request-artist">{item.song_artist}</span>
            </span>
            <span className={`status-badge status-${item.status}`}>
              {REQUESTER_STATUS_LABELS[item.status]}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
