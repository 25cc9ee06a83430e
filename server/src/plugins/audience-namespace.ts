import type { FastifyInstance } from 'fastify';
import type { Namespace, Socket } from 'socket.io';
import { SLUG_MAX_LENGTH } from '#shared/limits.ts';
import {
  AUDIENCE_NAMESPACE,
  pageRoom,
  REQUEST_FOLLOW_MAX_TOKENS,
  type AudienceClientToServerEvents,
  type AudienceServerToClientEvents,
  type PageChange,
} from '#shared/realtime.ts';
import { DesignSettings, type RequestStatusView } from '#shared/schemas/audience.ts';
import { PublicMusician } from '#shared/schemas/musician.ts';
import type { DomainEvent } from '../events/domain-events.ts';
import { trailingCoalescer } from './coalescer.ts';
import type { RealtimeServer } from './realtime.ts';
import type { SlugDirectory } from './slug-directory.ts';

type AudienceNamespace = Namespace<AudienceClientToServerEvents, AudienceServerToClientEvents>;
type AudienceSocket = Socket<AudienceClientToServerEvents, AudienceServerToClientEvents>;

// Internal rooms, never named by a client: one per followed request.
const requestRoom = (requestId: string) => `request:${requestId}`;
const isRequestRoom = (room: string) => room.startsWith('request:');
const isPageRoom = (room: string) => room.startsWith('page:');

/** Requests one phone may follow at once: an evening's worth, and a bound for a hostile one. */
const MAX_FOLLOWED_REQUESTS = 100;
/** A batch edit or an import is one refetch for every open page, not one per song. */
const SONGS_CHANGED_COALESCE_MS = 500;

const noAck = () => {};

/**
 * The argument and the ack of a client's event. A hostile client may send no ack, something else
 * in its place, or the ack alone (it then comes first).
 */
function argumentAndAck<T>(args: unknown[]): [unknown, (answer: T) => void] {
  const last = args.at(-1);
  if (typeof last !== 'function') return [args[0], noAck];
  return [args.length > 1 ? args[0] : undefined, last as (answer: T) => void];
}

/**
 * The public audience namespace: no sign-in, public data only. A page follows its musician's
 * slug and hears `page:changed`; a requester follows their own requests by the status tokens the
 * POST answered and hears `request:status`. Every argument comes from a stranger: each is
 * checked, and no handler lets an error out. Payloads are built field by field (the statuses by
 * the requests service, the musician through the PublicMusician schema), never spread.
 */
export function audienceNamespace(app: FastifyInstance, io: RealtimeServer, slugs: SlugDirectory) {
  const { audience, requests, events } = app.services;
  // Its own event contract, on the musicians' server (same HTTP server, same adapter).
  const nsp = io.of(AUDIENCE_NAMESPACE) as unknown as AudienceNamespace;

  async function followPage(socket: AudienceSocket, args: unknown[]) {
    const [slug, reply] = argumentAndAck<boolean>(args);
    try {
      if (typeof slug !== 'string' || slug.length > SLUG_MAX_LENGTH) return reply(false);
      const wanted = slug.trim().toLowerCase();
      if (!(await audience.pageExists(wanted))) return reply(false);
      // One page per socket: following another leaves the first.
      for (const room of socket.rooms) {
        if (isPageRoom(room) && room !== pageRoom(wanted)) await socket.leave(room);
      }
      await socket.join(pageRoom(wanted));
      reply(true);
    } catch (err) {
      app.log.error({ err }, 'audience page:follow failed');
      reply(false);
    }
  }

  async function followRequests(socket: AudienceSocket, args: unknown[]) {
    const [tokens, reply] = argumentAndAck<RequestStatusView[]>(args);
    try {
      if (!Array.isArray(tokens) || tokens.length > REQUEST_FOLLOW_MAX_TOKENS) return reply([]);
      const statuses = await requests.statusesByTokens(tokens);
      let followed = [...socket.rooms].filter(isRequestRoom).length;
      const answered: RequestStatusView[] = [];
      for (const status of statuses) {
        const room = requestRoom(status.id);
        if (!socket.rooms.has(room)) {
          if (followed >= MAX_FOLLOWED_REQUESTS) continue;
          await socket.join(room);
          followed++;
        }
        answered.push(status);
      }
      reply(answered);
    } catch (err) {
      // Never the tokens: they are the requesters' secrets.
      app.log.error({ err }, 'audience request:follow failed');
      reply([]);
    }
  }

  nsp.on('connection', (socket) => {
    // Over the limit of its address (socket-limits.ts).
    if (!socket.connected) return;
    socket.on('page:follow', (...args: unknown[]) => void followPage(socket, args));
    socket.on('request:follow', (...args: unknown[]) => void followRequests(socket, args));
  });

  const toPage = (slug: string, change: PageChange) =>
    nsp.to(pageRoom(slug)).emit('page:changed', change);

  const songsChanged = trailingCoalescer<string>(SONGS_CHANGED_COALESCE_MS, (musicianId) => {
    slugs.resolve(musicianId).then(
      (slug) => slug && toPage(slug, { kind: 'songs' }),
      (err: unknown) => app.log.error({ err }, 'could not push songs change'),
    );
  });

  function forward(event: DomainEvent) {
    switch (event.name) {
      case 'request:created':
      case 'request:updated':
        nsp
          .to(requestRoom(event.payload.id))
          .emit('request:status', requests.statusView(event.payload));
        return;
      case 'profile:updated': {
        // The schema keeps the public fields only: no email, no dates.
        const change: PageChange = {
          kind: 'profile',
          musician: PublicMusician.parse(event.payload),
        };
        toPage(event.payload.slug, change);
        // Pages still open under the old slug learn the new one.
        if (event.previousSlug) toPage(event.previousSlug, change);
        return;
      }
      case 'songs:changed':
        songsChanged.hit(event.musicianId);
        return;
      case 'design:updated': {
        // The schema of the public GET /musicians/{slug}/design: what it answers, nothing more.
        const change: PageChange = { kind: 'design', design: DesignSettings.parse(event.payload) };
        slugs.resolve(event.musicianId).then(
          (slug) => slug && toPage(slug, change),
          (err: unknown) => app.log.error({ err }, 'could not push design change'),
        );
        return;
      }

      default:
        return;
    }
  }

  events.onEvent((event) => {
    // The publishing service must never fail because of a listener.
    try {
      forward(event);
    } catch (err) {
      app.log.error({ err, event: event.name }, 'could not push audience event');
    }
  });

  return { close: () => songsChanged.clear() };
}
