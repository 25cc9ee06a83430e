import type { ReactNode, Ref } from 'react';
import { messages } from '#shared/messages.ts';
import type { SongRequest } from '#shared/schemas/request.ts';
import { formatRelativeTime, formatRequestTime } from '#client/lib/format.ts';
import { RequestDedication } from './RequestDedication.tsx';
import { claimedOnly, tipLabel } from './request-views.ts';
import { RequestTips } from './RequestTips.tsx';
import { PaymentFlag } from '../tips/PaymentFlag.tsx';
import { RequestVoters, RequestVotes } from './RequestVoters.tsx';
import './requests.css';

/**
 * How much room a request gets: a card on the dashboard's lists; on stage, the large Now panel,
 * the Next panel, and a compact row for everything after them.
 */
export type RequestCardVariant = 'card' | 'now' | 'next' | 'row';

interface RequestCardProps {
  request: SongRequest;
  variant?: RequestCardVariant;
  /** A short tag before the title: NEW, PLAYED, REJECTED, DEMO… */
  flag?: { text: string; tone: 'new' | 'done' | 'rejected' | 'demo' } | undefined;
  /** A label above the title of a stage panel: "Now", "Next". */
  eyebrow?: string | undefined;
  /** Shows the requester's email (the musician's own screens only). */
  showEmail?: boolean;
  /** When given, the time reads "3 min ago" from this moment (the exact time on hover). */
  now?: number | undefined;
  leading?: ReactNode;
  children?: ReactNode;
  ref?: Ref<HTMLElement> | undefined;
  /** Said before "{title} by {artist}" where the same request shows twice (Next's suggestion). */
  labelPrefix?: string | undefined;
  /** It starts after the last call at tonight's pace (queue-timeline.ts): marked so. */
  late?: boolean | undefined;
}

/** One request: song, who asked, dedication, tip and votes as badges; actions come as children. */
export function RequestCard({
  request,
  variant = 'card',
  flag,
  eyebrow,
  showEmail,
  now,
  leading,
  children,
  ref,
  labelPrefix,
  late,
}: RequestCardProps) {
  // Money that arrived, in green; what was only said to be tipped beside it, as a claim.
  const received = tipLabel(request.tip_received);
  const claimed = tipLabel(claimedOnly(request.tip_amount, request.tip_received));
  const name = `${request.song_title} by ${request.song_artist}`;
  // A stage row gives the title a line of its own; the artist joins who asked on the next.
  const row = variant === 'row';
  const payment = request.payment;
  const artist = <span className="request-artist"> by {request.song_artist}</span>;
  return (
    <article
      className={`request-card request-card-${variant}${payment ? ` request-${payment}` : ''}${late ? ' request-late' : ''}`}
      aria-label={labelPrefix ? `${labelPrefix}: ${name}` : name}
      ref={ref}
    >
      {leading}
      <div className="request-body">
        {eyebrow && (
          <p className="request-eyebrow" aria-hidden="true">
            {eyebrow}
          </p>
        )}
        <h4 className="request-title" title={variant === 'card' ? undefined : name}>
          {flag && <span className={`request-flag flag-${flag.tone}`}>{flag.text}</span>}
          {late && (
            <span className="request-flag flag-late">
              {messages.onStageWontFit}
              <span className="visually-hidden"> {messages.onStageWontFitWhy}</span>
            </span>
          )}
          <PaymentFlag payment={payment} />
          <span className="request-song">{request.song_title}</span>
          {!row && artist}
        </h4>
        <p className="request-meta">
          <span className="request-who">
            {/* A row has room for the name alone; the words stay for screen readers. */}
            <span className={row ? 'visually-hidden' : undefined}>Requested by </span>
            {request.requester_name}
            {showEmail && request.requester_email && (
              <span className="muted"> ({request.requester_email})</span>
            )}
          </span>
          {row && artist}
          <span className="request-when">
            <span className="request-sep"> · </span>
            {now === undefined ? (
              <time dateTime={request.created_at}>{formatRequestTime(request.created_at)}</time>
            ) : (
              <time dateTime={request.created_at} title={formatRequestTime(request.created_at)}>
                {formatRelativeTime(request.created_at, now)}
              </time>
            )}
            {request.show_name && variant === 'card' && (
              <span className="muted"> · {request.show_name}</span>
            )}
          </span>
          {received && (
            <span className="request-badge badge-tip">
              <span className="visually-hidden">Tip received: </span>
              {received}
            </span>
          )}
          {claimed && (
            <span className="request-badge badge-tip-claimed">
              <span className="visually-hidden">Tips </span>
              {claimed} claimed
            </span>
          )}
          <RequestVotes votes={request.votes} />
        </p>
        {request.dedication && <RequestDedication text={request.dedication} />}
        <RequestVoters voters={request.voters} />
        <RequestTips tips={request.tips} />
      </div>
      {children && <div className="request-actions">{children}</div>}
    </article>
  );
}
