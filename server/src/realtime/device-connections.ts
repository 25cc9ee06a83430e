import type { FastifyInstance } from 'fastify';
import { messages } from '#shared/messages.ts';
import { disconnectAtExpiry } from './session-expiry.ts';
import type { SlugDirectory } from './slug-directory.ts';
import type { RealtimeServer } from './socket-server-types.ts';

// Rooms never named by a client: one per session (to end it) and one per musician, by id (every
// device of the musician; the slug may change, the id does not).
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
export const musicianRoom = (musicianId: string) => `musician:${musicianId}`;
// A paired stage device does not join the musician's room: it gets only what the On Stage
// screen shows, without emails, in a room of its own (by id, so a slug change does not move it).
export const stageRoom = (musicianId: string) => `stage:${musicianId}`;

/**
 * Signed-in devices on the main namespace: a musician device connects with `auth: { token }` and
 * joins `musician:<id>`; a stage device joins its stage room. Both join their session's room.
 */
export function acceptDevices(app: FastifyInstance, io: RealtimeServer, slugs: SlugDirectory) {
  const { auth, profile, stageDevices } = app.services;

  io.use(async (socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    if (typeof token !== 'string' || token === '')
      return next(new Error(messages.socketAuthMissing));
    try {
      const session = await auth.authenticate(token);
      const slug = session && (await profile.slugOf(session.musicianId));
      if (!session || !slug) return next(new Error(messages.sessionExpired));
      if (session.stageDeviceId) stageDevices.seen(session.stageDeviceId);
      socket.data.session = session;
      slugs.set(session.musicianId, slug);
      // Nothing reads the token again (a recovered connection brings a new handshake): it need
      // not sit in memory for the rest of the show.
      socket.handshake.auth = {};
      next();
    } catch (err) {
      app.log.error({ err }, 'socket authentication failed');
      next(new Error(messages.internalError));
    }
  });

  io.on('connection', (socket) => {
    // Over the limit of its address (socket-limits.ts).
    if (!socket.connected) return;
    const { session } = socket.data;
    disconnectAtExpiry(socket, session.expiresAt);
    if (session.scope === 'stage') {
      void socket.join([stageRoom(session.musicianId), sessionRoom(session.sessionId)]);
      return;
    }
    void socket.join([musicianRoom(session.musicianId), sessionRoom(session.sessionId)]);
  });
}
