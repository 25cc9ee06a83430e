import { useMemo, useRef } from 'react';
import { messages } from '#shared/messages.ts';
import type { FeedRequest } from '#shared/schemas/feed.ts';
import { overlayView, type OverlayState } from './overlay-state.ts';
import { useFitInPanel } from './use-fit-in-panel.ts';
import { useOverlayFeed } from './use-overlay-feed.ts';
import './overlay.css';

/** /overlay/{slug}?token=...: the token opens the feed; the slug only names the page. */
function readAddress(location: Location): { token: string | null } {
  const token = new URLSearchParams(location.search).get('token')?.trim();
  return { token: token || null };
}

/**
 * The stream overlay: a browser source in OBS or Streamlabs (1920 × 1080, transparent) showing
 * Now playing, Up next and the latest requests, live, in the musician's colours.
 */
export function OverlayPage() {
  const { token } = useMemo(() => readAddress(window.location), []);
  const { state, connection, outage } = useOverlayFeed(token);

  if (!token) return <OverlayNotice>{messages.overlayTokenMissing}</OverlayNotice>;
  if (connection.state === 'refused') {
    return <OverlayNotice>{connection.reason || messages.feedTokenInvalid}</OverlayNotice>;
  }
  return (
    <div className="overlay" data-connection={connection.state}>
      {state.musician && <OverlayPanel state={state} musician={state.musician} />}
      {outage && <OverlayNotice quiet>{messages.overlayReconnecting}</OverlayNotice>}
    </div>
  );
}

interface OverlayPanelProps {
  state: OverlayState;
  musician: NonNullable<OverlayState['musician']>;
}

function OverlayPanel({ state, musician }: OverlayPanelProps) {
  const { nowPlaying, upNext, latest } = overlayView(state);
  const address = `${window.location.host}/musician/${musician.slug}`;
  const [before, after] = messages.overlayRequestAt.split('{address}');
  const panel = useRef<HTMLElement>(null);
  useFitInPanel(panel);

  return (
    <main ref={panel} className="overlay-panel" aria-label={`${musician.name}: song requests`}>
      <header className="overlay-header">
        <p className="overlay-name">{musician.name}</p>
        <p className="overlay-cta" data-requests={state.requestsEnabled ? 'open' : 'closed'}>
          {state.requestsEnabled ? (
            <>
              {before}
              <strong>{address}</strong>
              {after}
            </>
          ) : (
            messages.overlayRequestsClosed
          )}
        </p>
      </header>

      {nowPlaying && (
        <section className="overlay-section" aria-labelledby="overlay-now-playing">
          <h2 id="overlay-now-playing">Now playing</h2>
          <OverlayCard key={nowPlaying.id} request={nowPlaying} big />
        </section>
      )}
      {upNext.length > 0 && <OverlayList id="overlay-up-next" title="Up next" requests={upNext} />}
      {latest.length > 0 && (
        <OverlayList id="overlay-latest" title="Latest requests" requests={latest} />
      )}
      {!nowPlaying && latest.length === 0 && (
        <p className="overlay-empty">{messages.overlayEmpty}</p>
      )}
    </main>
  );
}

function OverlayList({
  id,
  title,
  requests,
}: {
  id: string;
  title: string;
  requests: readonly FeedRequest[];
}) {
  return (
    <section className="overlay-section" aria-labelledby={id} data-fit-section>
      <h2 id={id}>{title}</h2>
      <ol className="overlay-list">
        {requests.map((request) => (
          // Keyed by id: a request entering the list mounts, and so plays its entrance.
          <li key={request.id} data-fit-item>
            <OverlayCard request={request} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function OverlayCard({ request, big = false }: { request: FeedRequest; big?: boolean }) {
  return (
    <article className={big ? 'overlay-card overlay-card-big' : 'overlay-card'}>
      <p className="overlay-song">{request.song}</p>
      <p className="overlay-artist">{request.artist}</p>
      {(request.requester || request.votes > 1) && (
        <p className="overlay-meta">
          {request.requester && <span>Requested by {request.requester}</span>}
          {request.votes > 1 && <span className="overlay-votes">{request.votes} votes</span>}
        </p>
      )}
      {request.dedication && <p className="overlay-dedication">“{request.dedication}”</p>}
    </article>
  );
}

function OverlayNotice({ children, quiet = false }: { children: string; quiet?: boolean }) {
  return (
    <p className={quiet ? 'overlay-notice overlay-notice-quiet' : 'overlay-notice'} role="status">
      {children}
    </p>
  );
}
