/**
 * The Socket.IO contract, typing both `new Server<...>` and the client socket. Every payload is
 * the same JSON the REST API returns for that entity.
 */
import type { DesignSettings, RequestStatusView } from './schemas/audience.ts';
import type { Musician, PublicMusician } from './schemas/musician.ts';
import type { SongRequest } from './schemas/request.ts';
import type { CurrentShowResponse, Show } from './schemas/show.ts';
import type { Suggestion } from './schemas/suggestion.ts';

export interface ServerToClientEvents {
  'request:created': (request: SongRequest) => void;
  'request:updated': (request: SongRequest) => void;
  'request:deleted': (payload: { id: string }) => void;
  'suggestion:created': (suggestion: Suggestion) => void;
  'suggestion:updated': (suggestion: Suggestion) => void;
  'suggestion:deleted': (payload: { id: string }) => void;
  /** The running show changed (started, stopped, archived or deleted while running). */
  'show:updated': (payload: CurrentShowResponse) => void;
  /** Any show of the list changed (beyond the events: keeps every device's shows list). */
  'show:changed': (show: Show) => void;
  'show:deleted': (payload: { id: string }) => void;
  'profile:updated': (musician: Musician) => void;
  /** The audience page's design changed (colours, layout, images, what the cards show). */
  'design:updated': (design: DesignSettings) => void;
  /**
   * The musician's public song list changed (songs added, edited, hidden or deleted; an import;
   * a playlist activated, shown, hidden, edited or deleted). Nothing in it: screens refetch.
   */
  'songs:changed': (payload: Record<string, never>) => void;
  /**
   * The musician's playlists changed (created, renamed, filled, activated, shown, hidden or
   * deleted, private ones too). Only the musician's own devices get it: they refetch.
   */
  'playlists:changed': (payload: Record<string, never>) => void;
}

/** Devices only listen; every change goes through the REST API. */
export type ClientToServerEvents = Record<string, never>;

export type ServerEventName = keyof ServerToClientEvents;

/**
 * The audience namespace: no sign-in, public data only. A page follows its musician's slug (the
 * page changes live); a requester follows their own requests by the status tokens the POST
 * answered. Nothing sent here carries an email, a dedication or another person's name.
 */
export const AUDIENCE_NAMESPACE = '/audience';

/**
 * The query parameter that names the musician a connection or a write is for: a musician's device
 * on its live connection, an audience page on the requests, +1s, suggestions and tips it sends.
 * The balancer hashes it (deploy/haproxy.cfg names it too), so a musician's devices sit on one
 * process and the writes that make their events land there: an event wakes that process alone.
 * Only a hint for routing: the device's token, and the write's own body, decide everything else.
 */
export const MUSICIAN_ROUTE_PARAM = 'musician';

export type PageChange =
  | { kind: 'profile'; musician: PublicMusician }
  | { kind: 'design'; design: DesignSettings }
  /**
   * Songs or playlists changed: the page fetches its song list again, naming `version` in the
   * PUSH_VERSION_HEADER (each server process then reads the list once for every phone).
   */
  | { kind: 'songs'; version?: string }
  /**
   * The open queue changed (a request filed, +1'd, moved, played or removed). Nothing of it is in
   * the push: the venue screen and the Queue view fetch their public answer again (issue 22 §5,
   * §6), the Queue view naming `version` as a song list refetch does.
   */
  | { kind: 'queue'; version?: string };

/**
 * The header a refetch caused by a push names the push's `version` in (a short base-36 mark):
 * every phone naming it can be answered from one read per server process.
 */
export const PUSH_VERSION_HEADER = 'x-push-version';
/** What the server takes as a version; anything else is ignored (the answer is still given). */
export const PUSH_VERSION = /^[0-9a-z]{1,16}$/;

export interface AudienceServerToClientEvents {
  'page:changed': (change: PageChange) => void;
  'request:status': (status: RequestStatusView) => void;
}

/** The most status tokens one request:follow may carry (a longer list is refused: ack []). */
export const REQUEST_FOLLOW_MAX_TOKENS = 20;

export interface AudienceClientToServerEvents {
  /** Join the public room of a page; the ack says whether the musician exists. */
  'page:follow': (slug: string, ack: (ok: boolean) => void) => void;
  /** Follow these requests; the ack answers the current status of each token that is valid. */
  'request:follow': (tokens: string[], ack: (statuses: RequestStatusView[]) => void) => void;
}

/** The public room of one audience page (in the audience namespace). */
export function pageRoom(slug: string): string {
  return `page:${slug}`;
}
