import type { FastifyInstance } from 'fastify';
import { warmUpRequestPath } from './features/requests/request-path-warm-up.ts';

/**
 * Before the server listens: the first audience requests should not pay for what every request
 * after them finds ready (the songs' musicians remembered, the server's secret read). On
 * PostgreSQL, also the code of their path, which V8 compiles only once it has run often enough
 * (request-path-warm-up.ts). Not on the embedded server: measured there on PGlite, it changed
 * nothing measurable and cost every start 0.8 s. Failures only log: a cold start still serves.
 */
export async function warmUp(app: FastifyInstance): Promise<void> {
  await app.services.requests
    .warmUp()
    .catch((err: unknown) => app.log.warn({ err }, 'requests could not be warmed up'));
  if (app.database.kind !== 'postgres') return;
  await warmUpRequestPath(app).then(
    (statuses) =>
      app.log.info(
        { requests: statuses.length, filed: statuses.filter((status) => status < 300).length },
        'request path warmed up',
      ),
    (err: unknown) => app.log.warn({ err }, 'the request path could not be warmed up'),
  );
}
