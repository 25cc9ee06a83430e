import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useNow } from '#client/lib/use-now.ts';
import { fill } from '#shared/fill-message.ts';
import { messages } from '#shared/messages.ts';
import type { PublicMusician } from '#shared/schemas/musician.ts';
import type { VenueScreenEntry, VenueScreenResponse } from '#shared/schemas/public-queue.ts';
import { applyScreenColors } from './screen-colors.ts';
import { screenWindowLine } from './screen-window.ts';
import { startScreenLive } from './venue-screen-live.ts';
import { useVenueScreenStore } from './venue-screen-store.ts';
import './venue-screen.css';

/** /screen/{slug}: the slug names the musician. */
export function slugOfScreen(pathname: string): string {
  const match = /^\/screen\/([^/]+)\/?$/.exec(pathname);
  if (!match) return '';
  try {
    return decodeURIComponent(match[1]!).toLowerCase();
  } catch {
    return '';
  }
}

/** The address as a person types it: no scheme, no trailing slash. */
const shortLink = (url: string) => url.replace(/^https?:\/\//, '').replace(/\/$/, '');

/**
 * The venue screen (issue 22 §5): the room's TV or projector shows Now playing, Next, the next
 * few requests (first names only) and the QR code to request, in the musician's colours, live.
 */
export function VenueScreenPage() {
  const slug = useMemo(() => slugOfScreen(window.location.pathname), []);
  const phase = useVenueScreenStore((s) => s.phase);
  const musician = useVenueScreenStore((s) => s.musician);
  const scheme = useVenueScreenStore((s) => s.design?.color_scheme);
  const screen = useVenueScreenStore((s) => s.screen);
  const connected = useVenueScreenStore((s) => s.connected);

  useEffect(() => {
    if (!slug) return;
    const store = useVenueScreenStore.getState();
    void store.load(slug);
    return startScreenLive({
      slug,
      onPageChange: (change) => useVenueScreenStore.getState().applyPageChange(change),
      onFollowing: () => void useVenueScreenStore.getState().load(slug),
      onConnection: (live) => useVenueScreenStore.getState().setConnected(live),
      poll: () => useVenueScreenStore.getState().load(slug),
    });
  }, [slug]);

  useEffect(() => {
    if (scheme) applyScreenColors(scheme);
  }, [scheme]);

  const name = musician?.name ?? '';
  useEffect(() => {
    document.title = name ? `${name}: song requests` : 'Song requests';
  }, [name]);

  if (!slug || phase === 'gone') return <ScreenNotice title={messages.musicianNotFound} />;
  if (phase === 'off') {
    return <ScreenNotice title={messages.screenOffTitle} text={messages.venueScreenOffNotice} />;
  }
  if (phase === 'failed') return <ScreenNotice title={messages.screenLoadFailed} />;
  if (!screen) return <div className="venue-screen" aria-busy="true" />;

  return (
    <div className="venue-screen" data-testid="venue-screen">
      <header className="screen-header">
        <h1 className="screen-name">{name}</h1>
        {musician && <WindowLine musician={musician} />}
      </header>
      <main className="screen-queue" aria-label="Song requests">
        <Queue screen={screen} requestsOpen={musician?.requests_enabled !== false} />
      </main>
      <aside className="screen-request" aria-label={messages.screenScanToRequest}>
        <QrCode qr={screen.qr} />
        <div className="screen-request-text">
          <p className="screen-scan">
            {musician?.requests_enabled === false
              ? messages.screenScanToBrowse
              : messages.screenScanToRequest}
          </p>
          <p className="screen-link" data-testid="screen-link">
            <LinkText link={shortLink(screen.audience_url)} />
          </p>
        </div>
      </aside>
      {!connected && (
        <p className="screen-reconnecting" role="status">
          {messages.overlayReconnecting}
        </p>
      )}
    </div>
  );
}

function WindowLine({ musician }: { musician: PublicMusician }) {
  const now = useNow(15_000);
  const line = screenWindowLine(musician, now);
  if (!line) return null;
  return (
    <p className="screen-window" data-open={line.open} data-testid="screen-window">
      {line.text}
    </p>
  );
}

/** The biggest panel is Now playing; with nothing playing yet, the next request takes it. */
function Queue({ screen, requestsOpen }: { screen: VenueScreenResponse; requestsOpen: boolean }) {
  const { list, hiddenRows } = useWholeRows(screen);
  const more = screen.more + hiddenRows;
  const lead = screen.now ?? screen.next;
  if (!lead) {
    const empty = requestsOpen ? messages.screenEmptyQueue : messages.screenEmptyClosed;
    return <p className="screen-empty">{empty}</p>;
  }
  const second = screen.now ? screen.next : screen.queue[0];
  const rest = screen.now ? screen.queue : screen.queue.slice(1);
  return (
    <>
      <section className="screen-now" data-testid="screen-now">
        <h2 className="screen-label">
          {screen.now ? messages.screenNowPlaying : messages.screenNextUp}
        </h2>
        <Song entry={lead} />
      </section>
      {second && (
        <section className="screen-next" data-testid="screen-next">
          <h2 className="screen-label">{messages.screenNext}</h2>
          <Song entry={second} />
        </section>
      )}
      {rest.length > 0 && (
        <ol ref={list} className="screen-list" data-testid="screen-list">
          {rest.map((entry) => (
            <li key={entry.id} className="screen-row">
              <Song entry={entry} compact />
            </li>
          ))}
        </ol>
      )}
      {more > 0 && <p className="screen-more">{fill(messages.screenMore, { count: more })}</p>}
    </>
  );
}

/**
 * Hides the rows of the list that would show only in part (a long queue on a short screen): a
 * TV shows whole rows or none. Measured again when the queue or the window's size changes.
 */
function useWholeRows(screen: VenueScreenResponse) {
  const list = useRef<HTMLOListElement>(null);
  const [hiddenRows, setHiddenRows] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      const element = list.current;
      if (!element) return;
      const bottom = element.getBoundingClientRect().bottom;
      let hidden = 0;
      for (const row of Array.from(element.children) as HTMLElement[]) {
        row.hidden = false;
        row.hidden = row.getBoundingClientRect().bottom > bottom + 1;
        if (row.hidden) hidden += 1;
      }
      setHiddenRows(hidden);
    };
    measure();
    // The list's room changes with the window, and with the panels above it once fonts load.
    const element = list.current;
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    if (element) observer?.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [screen]);
  return { list, hiddenRows };
}

/** One request; `compact` in the list, where the requester is a column of first names. */
function Song({ entry, compact = false }: { entry: VenueScreenEntry; compact?: boolean }) {
  return (
    <div className="screen-song">
      <p className="screen-title">{entry.song_title}</p>
      <p className="screen-meta">
        {entry.song_artist && <span className="screen-artist">{entry.song_artist}</span>}
        {entry.requester_first_name && (
          <span className="screen-requester">
            {compact
              ? entry.requester_first_name
              : fill(messages.screenRequestedBy, { name: entry.requester_first_name })}
          </span>
        )}
        {entry.votes > 1 && (
          <span className="screen-votes">{fill(messages.screenVotes, { count: entry.votes })}</span>
        )}
      </p>
      {entry.dedication && <p className="screen-dedication">{entry.dedication}</p>}
    </div>
  );
}

/** The address, wrapping only after a slash (never inside a word of the slug). */
function LinkText({ link }: { link: string }) {
  const parts = link.split(/(?<=\/)/);
  return parts.map((part, index) => (
    <span key={index}>
      {part}
      {index < parts.length - 1 && <wbr />}
    </span>
  ));
}

/** The QR code as the server drew it: one path in module units, crisp at any size, with its
 * four-module quiet zone on white so a phone reads it on any colour scheme. */
function QrCode({ qr }: { qr: VenueScreenResponse['qr'] }) {
  return (
    <svg
      className="screen-qr"
      viewBox={`-4 -4 ${qr.size + 8} ${qr.size + 8}`}
      role="img"
      aria-label="QR code"
      data-testid="screen-qr"
      shapeRendering="crispEdges"
    >
      <rect x="-4" y="-4" width={qr.size + 8} height={qr.size + 8} fill="#fff" />
      <path d={qr.path} fill="#000" />
    </svg>
  );
}

function ScreenNotice({ title, text }: { title: string; text?: string }) {
  return (
    <div className="venue-screen venue-screen-notice" data-testid="screen-notice">
      <h1>{title}</h1>
      {text && <p>{text}</p>}
    </div>
  );
}
