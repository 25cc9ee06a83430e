/**
 * The Socket.IO contract, typing both `new Server<...>` and the client socket. Every payload is
 * the same JSON the REST API returns for that entity.
 */
import type { Musician } from './schemas/musician.ts';
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
}

/** Devices only listen; every change goes through the REST API. */
export type ClientToServerEvents = Record<string, never>;

export type ServerEventName = keyof ServerToClientEvents;

/** The room every device of one musician joins. Always derived on the server. */
export function musicianRoom(slug: string): string {
  return `musician:${slug}`;
}
