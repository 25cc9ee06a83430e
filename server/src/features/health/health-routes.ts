import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponse } from '#shared/schemas/health.ts';
import { responses } from '#server/http/responses.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { response: responses({ 200: HealthResponse, 503: HealthResponse }) } },
    async (_request, reply) => {
      const { database } = app;
      const up = await database.ping().then(
        () => true,
        (err: unknown) => {
          app.log.error({ err }, 'health check: database unreachable');
          return false;
        },
      );
      return reply.code(up ? 200 : 503).send({
        status: up ? 'ok' : 'degraded',
        database: { kind: database.kind, status: up ? 'ok' : 'down' },
        uptime_seconds: Math.round(process.uptime()),
      });
    },
  );
};
