import type { FastifyBaseLogger } from 'fastify';
import { musicianRoom, type ServerEventName } from '#shared/realtime.ts';
import { withoutEmails } from '../http/session.ts';
import { musicianIdRoom, sessionRoom, stageRoom } from './device-connections.ts';
import type { SlugDirectory } from './slug-directory.ts';
import type { DeviceRooms, EventArgs, RealtimeServer } from './socket-server-types.ts';

interface DevicePushesOptions {
  io: RealtimeServer;
  slugs: SlugDirectory;
  log: FastifyBaseLogger;
  /** Other server processes exist only with the Redis adapter (the in-memory one would warn). */
  multiProcess: boolean;
}

/**
 * What the signed-in devices hear: the musician's own devices every event as published, the
 * stage devices theirs with emails blanked. Rooms are named by slug while events carry the
 * musician id, so the slug directory names the room; a renamed slug moves the devices first.
 */
export function devicePushes({ io, slugs, log, multiProcess }: DevicePushesOptions) {
  const rooms = (room: string): DeviceRooms => io.to(room);
  const failed = (name: ServerEventName) => (err: unknown) =>
    log.error({ err, event: name }, 'could not push event');

  /** Moves every device of the musician, on every process, into the room of the new slug. */
  async function moveToSlug(musicianId: string, slug: string) {
    const sockets = await io.in(musicianIdRoom(musicianId)).fetchSockets();
    for (const socket of sockets) {
      const stale = [...socket.rooms].filter(
        (room) => room.startsWith('musician:') && room !== musicianRoom(slug),
      );
      if (stale.length === 0) continue;
      for (const room of stale) socket.leave(room);
      socket.join(musicianRoom(slug));
    }
  }

  function toMusician<Name extends ServerEventName>(
    musicianId: string,
    name: Name,
    ...args: EventArgs<Name>
  ): void {
    // Emitted synchronously when the slug is known, so events keep their order.
    const known = slugs.known(musicianId);
    if (known) return void rooms(musicianRoom(known)).emit(name, ...args);
    slugs
      .resolve(musicianId)
      .then((slug) => slug && rooms(musicianRoom(slug)).emit(name, ...args), failed(name));
  }

  return {
    toMusician,

    /** As toMusician, once the devices are in the room of this slug (a profile change names it). */
    toMusicianAt<Name extends ServerEventName>(
      musicianId: string,
      slug: string,
      name: Name,
      ...args: EventArgs<Name>
    ): void {
      if (slugs.known(musicianId) === slug) return toMusician(musicianId, name, ...args);
      slugs.set(musicianId, slug);
      if (multiProcess) io.serverSideEmit('slug-changed', musicianId, slug);
      moveToSlug(musicianId, slug).then(
        () => rooms(musicianRoom(slug)).emit(name, ...args),
        failed(name),
      );
    },

    toStage<Name extends ServerEventName>(
      musicianId: string,
      name: Name,
      ...args: EventArgs<Name>
    ): void {
      rooms(stageRoom(musicianId)).emit(name, ...withoutEmails(args));
    },

    /** Polling devices on the other processes learn a deletion (this one remembered it itself). */
    deletedElsewhere(musicianId: string, requestId: string): void {
      if (multiProcess) io.serverSideEmit('request-deleted', musicianId, requestId);
    },

    /** Sessions ended: their sockets close, on every process. */
    endSessions(sessionIds: string[]): void {
      io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
    },
  };
}

export type DevicePushes = ReturnType<typeof devicePushes>;
