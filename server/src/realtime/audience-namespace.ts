import type { FastifyInstance } from 'fastify';
import type { Namespace, Socket } from 'socket.io';
import { SLUG_MAX_LENGTH } from '#shared/limits.ts';
import {
  AUDIENCE_NAMESPACE,
  pageRoom,
  REQUEST_FOLLOW_MAX_TOKENS,
  type AudienceClientToServerEvents,
  type AudienceServerToClientEvents,
} from '#shared/realtime.ts';
import type { RequestStatusView } from '#shared/schemas/audience.ts';
import type { RealtimeServer } from './socket-server-types.ts';

export type AudienceNamespace = Namespace<
  AudienceClientToServerEvents,
  AudienceServerToClientEvents
>;
type AudienceSocket = Socket<AudienceClientToServerEvents, AudienceServerToClientEvents>;

// Internal rooms, never named by a client: one per followed request.
export const requestRoom = (requestId: string) => `request:${requestId}`;
const isRequestRoom = (room: string) => room.startsWith('request:');
const isPageRoom = (room: string) => room.startsWith('page:');

/** Requests one phone may follow at once: an evening's worth, and a bound for a hostile one. */
const MAX_FOLLOWED_REQUESTS = 100;
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
 * POST answered and hears `request:status` (audience-pushes.ts sends both). Every argument comes
 * from a stranger: each is checked, and no handler lets an error out.
 */
export function audienceNamespace(app: FastifyInstance, io: RealtimeServer): AudienceNamespace {
  const { audience, requests } = app.services;
  // Its own event contract, on the musicians' server (same HTTP server, same adapter). Socket.IO
  // types a server with one contract; the annotation gives this namespace its own.
  const nsp: AudienceNamespace = io.of(AUDIENCE_NAMESPACE);

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

  return nsp;
}
