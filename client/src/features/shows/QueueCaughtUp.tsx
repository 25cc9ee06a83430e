import type { ReactNode } from 'react';
import { fill, plural } from '#shared/fill-message.ts';
import { messages } from '#shared/messages.ts';
import type { SongRequest } from '#shared/schemas/request.ts';
import { selectCurrentShow, selectHadShowRequests, useShowsStore } from './shows-store.ts';
import './shows.css';

interface QueueCaughtUpProps {
  /** The requests this screen holds: an answered one means the account is past its first run. */
  requests: readonly SongRequest[];
  /** The first-run card, for an account that has never had a request. */
  firstRun: ReactNode;
}

/**
 * The empty queue mid-show: "All caught up" with the show's counts (from the server, so they do
 * not depend on what this device loaded), never the first-run card once requests have come in.
 */
export function QueueCaughtUp({ requests, firstRun }: QueueCaughtUpProps) {
  const show = useShowsStore(selectCurrentShow);
  // Shown only when nothing waits, so any request this screen holds was answered.
  const hadRequests = useShowsStore(selectHadShowRequests) || requests.length > 0;
  if (!hadRequests) return firstRun;

  const detail = !show
    ? messages.queueCaughtUpHint
    : show.request_count === 0
      ? messages.queueCaughtUpNoShowRequests
      : fill(messages.queueCaughtUpShow, {
          requests: plural(show.request_count, 'request', 'requests'),
          played: show.played_count,
        });

  return (
    <div className="queue-empty queue-caught-up" role="status">
      <h3 className="queue-empty-title">{messages.queueCaughtUpTitle}</h3>
      <p className="queue-caught-up-counts">{detail}</p>
    </div>
  );
}
