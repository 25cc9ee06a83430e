import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '#shared/messages.ts';
import { HealthResponse, ReadyResponse } from '#shared/schemas/health.ts';
import { serviceUnavailable } from '#server/http/errors.ts';
import { responses } from '#server/http/responses.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const databaseUp = () =>
    app.database.ping().then(
      () => true,
      (err: unknown) => {
        app.log.error({ err }, 'health check: database unreachable');
        return false;
      },
    );

  // Liveness: the process answers and reaches its database, whether or not it takes traffic.
  app.get(
    '/health',
    { schema: { response: responses({ 200: HealthResponse, 503: HealthResponse }) } },
    async (_request, reply) => {
      const { database } = app;
      const up = await databaseUp();
      return reply.code(up ? 200 : 503).send({
        status: up ? 'ok' : 'degraded',
        database: { kind: database.kind, status: up ? 'ok' : 'down' },
        uptime_seconds: Math.round(process.uptime()),
      });
    },
  );

  // Readiness, for the balancer: 503 while starting, draining (SIGTERM) or without a database.
  app.get('/ready', { schema: { response: responses({ 200: ReadyResponse }) } }, async () => {
    const { state } = app.readiness;
    if (state === 'starting') throw serviceUnavailable(messages.serverStarting);
    if (state === 'draining') throw serviceUnavailable(messages.serverDraining);
    if (!(await databaseUp())) throw serviceUnavailable(messages.serverDatabaseDown);
    return { status: 'ready' as const };
  });
};
