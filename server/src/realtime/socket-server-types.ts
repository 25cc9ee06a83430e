import type { BroadcastOperator, Server } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '#shared/realtime.ts';
import type { Session } from '../http/session.ts';

/** What a musician's or stage device's socket carries once its token is checked. */
export interface SocketData {
  session: Session;
}

/** Messages between server processes (through the Redis adapter when there are several). */
export interface InterServerEvents {
  'slug-changed': (musicianId: string, slug: string) => void;
  /** A request deleted on another process: polling devices here must learn it too. */
  'request-deleted': (musicianId: string, requestId: string) => void;
  /** Feed tokens revoked: their feeds close on every process at once. */
  'feed-tokens-revoked': (tokenIds: string[]) => void;
}

export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;

/**
 * The rooms of musicians' and stage devices, as emitters of the event contract. Socket.IO's
 * `to()` answers the same map with its acknowledgement decorations, which events without an
 * ack leave as they are; this plain form lets a generic event name take its own arguments.
 */
export type DeviceRooms = BroadcastOperator<ServerToClientEvents, SocketData>;

/** The arguments of one event of the contract, as a tuple. */
export type EventArgs<Name extends keyof ServerToClientEvents> = Parameters<
  ServerToClientEvents[Name]
>;
