import type { ServerEventName } from '#shared/realtime.ts';
import { withoutEmails } from '../http/session.ts';
import { musicianRoom, sessionRoom, stageRoom } from './device-connections.ts';
import type { SlugDirectory } from './slug-directory.ts';
import type { DeviceRooms, EventArgs, RealtimeServer } from './socket-server-types.ts';

interface DevicePushesOptions {
  io: RealtimeServer;
  slugs: SlugDirectory;
  /** Other server processes exist only with the Redis adapter (the in-memory one would warn). */
  multiProcess: boolean;
}

/**
 * What the signed-in devices hear: the musician's own devices every event as published, the
 * stage devices theirs with emails blanked. Both rooms are named by the musician's id, which
 * events carry and which never changes: a slug change moves no device. (Rooms named by slug had
 * to move every device on every process first, and with the sharded adapter a process
 * subscribes to a room's channel only once a device joins it, so the first events after a move
 * could reach the channel before the process listened.)
 */
export function devicePushes({ io, slugs, multiProcess }: DevicePushesOptions) {
  const rooms = (room: string): DeviceRooms => io.to(room);

  function toMusician<Name extends ServerEventName>(
    musicianId: string,
    name: Name,
    ...args: EventArgs<Name>
  ): void {
    rooms(musicianRoom(musicianId)).emit(name, ...args);
  }

  return {
    toMusician,

    /** As toMusician, after a profile change that names the slug: pages follow it (slugs). */
    toMusicianAt<Name extends ServerEventName>(
      musicianId: string,
      slug: string,
      name: Name,
      ...args: EventArgs<Name>
    ): void {
      if (slugs.known(musicianId) !== slug) {
        slugs.set(musicianId, slug);
        if (multiProcess) io.serverSideEmit('slug-changed', musicianId, slug);
      }
      toMusician(musicianId, name, ...args);
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
