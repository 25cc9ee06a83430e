import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '#shared/messages.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import { bearerToken, withoutEmails, type Session } from '../http/session.ts';

/** Whether a stage session may pass this particular request (its body, its params). */
export type StagePermit = (request: FastifyRequest) => boolean;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * onRequest guard of musician routes: 401 unless a live bearer token is sent, 403 for a stage
     * device. onRequest, so a stranger is refused before the body is read or validated (401,
     * never a 400 that would describe the route's body to them).
     */
    requireMusician(request: FastifyRequest): Promise<void>;
    /** onRequest guard of what the On Stage screen needs: the musician or one of their stage devices. */
    requireQueueAccess(request: FastifyRequest): Promise<void>;
    /**
     * preHandler, after requireQueueAccess has signed the request in: lets a stage device through
     * only when `permit` says this request (its body, its params) is one it may make.
     */
    allowStageWhen(permit: StagePermit): (request: FastifyRequest) => Promise<void>;
  }
}

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('session', null);

    async function sessionFrom(request: FastifyRequest): Promise<Session> {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw unauthorized(messages.loginRequired);
      const session = await app.services.auth.authenticate(token);
      if (!session) throw unauthorized(messages.sessionExpired);
      if (session.stageDeviceId) app.services.stageDevices.seen(session.stageDeviceId);
      return session;
    }

    /** Signs the request in; a stage session passes only where `stageAllowed`. */
    async function admit(request: FastifyRequest, stageAllowed: boolean) {
      const session = await sessionFrom(request);
      if (session.scope !== 'musician' && !stageAllowed) {
        throw forbidden(messages.stageScopeForbidden);
      }
      request.session = session;
    }

    // Named functions, so route listings (printRoutes with hooks) show which guard a route has.
    async function requireMusician(request: FastifyRequest) {
      await admit(request, false);
    }
    async function requireQueueAccess(request: FastifyRequest) {
      await admit(request, true);
    }
    app.decorate('requireMusician', requireMusician);
    app.decorate('requireQueueAccess', requireQueueAccess);
    app.decorate('allowStageWhen', (permit: StagePermit) => {
      return async function allowStageWhen(request: FastifyRequest) {
        if (!request.session) throw unauthorized(messages.loginRequired);
        if (request.session.scope !== 'musician' && !permit(request)) {
          throw forbidden(messages.stageScopeForbidden);
        }
      };
    });

    // The one place a stage session's answers lose every email (the musician's and requesters').
    app.addHook('preSerialization', async (request, _reply, payload) =>
      request.session?.scope === 'stage' ? withoutEmails(payload) : payload,
    );
  },
  { name: 'auth', dependencies: ['services'] },
);
