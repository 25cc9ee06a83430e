import type { ReactNode } from 'react';
import type { SongRequest } from '#shared/schemas/request.ts';
import { formatRelativeTime, formatRequestTime } from '#client/lib/format.ts';
import { RequestDedication } from './RequestDedication.tsx';
import { tipLabel } from './request-views.ts';
import { RequestVoters, RequestVotes } from './RequestVoters.tsx';
import './requests.css';

interface RequestCardProps {
  request: SongRequest;
  /** A short tag before the title: NEW, PLAYED, REJECTED, DEMO… */
  flag?: { text: string; tone: 'new' | 'done' | 'rejected' | 'demo' } | undefined;
  /** Shows the requester's email (the musician's own screens only). */
  showEmail?: boolean;
  /** When given, the time reads "3 min ago" from this moment (the exact time on hover). */
  now?: number | undefined;
  leading?: ReactNode;
  children?: ReactNode;
}

/** One request: song, who asked, dedication, tip and time; actions come as children. */
export function RequestCard({
  request,
  flag,
  showEmail,
  now,
  leading,
  children,
}: RequestCardProps) {
  const tip = tipLabel(request.tip_amount);
  return (
    <article
      className="request-card"
      aria-label={`${request.song_title} by ${request.song_artist}`}
    >
      {leading}
      <div className="request-body">
        <h4 className="request-title">
          {flag && <span className={`request-flag flag-${flag.tone}`}>{flag.text}</span>}
          {request.song_title}
          <span className="request-artist"> by {request.song_artist}</span>
          <RequestVotes votes={request.votes} />
        </h4>
        <p className="request-meta">
          Requested by {request.requester_name}
          {showEmail && request.requester_email && (
            <span className="muted"> ({request.requester_email})</span>
          )}
          {' · '}
          {now === undefined ? (
            <time dateTime={request.created_at}>{formatRequestTime(request.created_at)}</time>
          ) : (
            <time dateTime={request.created_at} title={formatRequestTime(request.created_at)}>
              {formatRelativeTime(request.created_at, now)}
            </time>
          )}
          {request.show_name && <span className="muted"> · {request.show_name}</span>}
        </p>
        {request.dedication && <RequestDedication text={request.dedication} />}
        <RequestVoters voters={request.voters} />
        {tip && <p className="request-tip">Tip: {tip}</p>}
      </div>
      {children && <div className="request-actions">{children}</div>}
    </article>
  );
}
