import { EventEmitter } from 'node:events';
import type { ServerEventName, ServerToClientEvents } from '#shared/realtime.ts';
import { deletedRequests, type DeletedRequests } from './deleted-requests.ts';

/** Something that changed for one musician, named and shaped like the socket event it becomes. */
export interface DomainEventOf<Name extends ServerEventName> {
  musicianId: string;
  name: Name;
  payload: Parameters<ServerToClientEvents[Name]>[0];
  /** profile:updated only: the slug before this change, when the change renamed it. */
  previousSlug?: string;
  /**
   * request:updated and request:deleted: the musician moved or deleted a request, which may
   * change which songs the audience's list shows as played or coming up (the no-repeats rule).
   * A +1 leaves it unset: it changes no song's state, and hundreds of phones need not refetch.
   * profile:updated: the repeat rule changed.
   */
  songStates?: boolean;
  /**
   * songs:changed only: the songs this change added, whose musician the requests service then
   * knows without asking the database on their first request (submissions/song-owners.ts).
   */
  songsAdded?: readonly string[];
}

export type DomainEvent = { [Name in ServerEventName]: DomainEventOf<Name> }[ServerEventName];

export interface DomainEvents {
  /** Call only after the change is committed: listeners may tell the world at once. */
  publish(event: DomainEvent): void;
  /** Sessions ended (logout, password reset): their live connections must close. */
  sessionsRevoked(sessionIds: string[]): void;
  /** Feed tokens deleted (revoked, or with the sessions): the feeds open with them must close. */
  feedTokensRevoked(tokenIds: string[]): void;
  onEvent(listener: (event: DomainEvent) => void): void;
  onSessionsRevoked(listener: (sessionIds: string[]) => void): void;
  onFeedTokensRevoked(listener: (tokenIds: string[]) => void): void;
  /** Every request:deleted published here, remembered a while for polling devices. */
  readonly deletedRequests: DeletedRequests;
}

/**
 * Services publish here; only the realtime module (realtime/event-dispatch.ts) turns events into
 * pushes, so services never know about sockets and work the same with or without them.
 */
export function domainEvents(): DomainEvents {
  const emitter = new EventEmitter();
  const deleted = deletedRequests();
  return {
    publish: (event) => {
      if (event.name === 'request:deleted') deleted.remember(event.musicianId, event.payload.id);
      emitter.emit('event', event);
    },
    sessionsRevoked: (ids) => void (ids.length > 0 && emitter.emit('revoked', ids)),
    feedTokensRevoked: (ids) => void (ids.length > 0 && emitter.emit('feed-tokens-revoked', ids)),
    onEvent: (listener) => void emitter.on('event', listener),
    onSessionsRevoked: (listener) => void emitter.on('revoked', listener),
    onFeedTokensRevoked: (listener) => void emitter.on('feed-tokens-revoked', listener),
    deletedRequests: deleted,
  };
}
