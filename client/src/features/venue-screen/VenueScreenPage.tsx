import { useEffect, useMemo } from 'react';
import { useNow } from '#client/lib/use-now.ts';
import { messages } from '#shared/messages.ts';
import type { PublicMusician } from '#shared/schemas/musician.ts';
import type { VenueScreenResponse } from '#shared/schemas/public-queue.ts';
import { applyScreenColors } from './screen-colors.ts';
import { ScreenAddressNote, useAddressNote } from './ScreenAddressNote.tsx';
import { ScreenQueue } from './ScreenQueue.tsx';
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
  return <ScreenLayout screen={screen} name={name} musician={musician} connected={connected} />;
}

/**
 * Landscape: the queue down the left, the name, the request window and the QR code on the right;
 * portrait: the name, the queue, then the code. The address note, while shown, takes a strip of
 * its own at the top.
 */
function ScreenLayout({
  screen,
  name,
  musician,
  connected,
}: {
  screen: VenueScreenResponse;
  name: string;
  musician: PublicMusician | null;
  connected: boolean;
}) {
  const note = useAddressNote(screen.audience_url);
  return (
    <div className="venue-screen" data-testid="venue-screen" data-note={note.shown}>
      {note.shown && note.reach !== 'public' && (
        <ScreenAddressNote link={screen.audience_url} reach={note.reach} onHide={note.hide} />
      )}
      <header className="screen-header">
        <h1 className="screen-name">{name}</h1>
        {musician && <WindowLine musician={musician} />}
      </header>
      <ScreenQueue screen={screen} requestsOpen={musician?.requests_enabled !== false} />
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
