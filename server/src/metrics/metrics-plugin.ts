import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AUDIENCE_NAMESPACE } from '#shared/realtime.ts';
import { messages } from '#shared/messages.ts';
import { unauthorized } from '../http/errors.ts';
import type { AppMetrics } from './app-metrics.ts';

interface MetricsOptions {
  metrics: AppMetrics;
  /** METRICS_TOKEN: the bearer token a scrape must carry. */
  token: string;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
function bearsToken(request: FastifyRequest, expected: Buffer): boolean {
  const header = request.headers.authorization ?? '';
  const [scheme, presented] = header.split(' ', 2);
  // Digests of equal length: timingSafeEqual tells nothing of the token's length either.
  return scheme?.toLowerCase() === 'bearer' && timingSafeEqual(digest(presented ?? ''), expected);
}

/**
 * GET /metrics in Prometheus's text format, for a scraper holding METRICS_TOKEN (app.ts
 * registers this only when it is set). Each response costs one histogram observe, labelled with
 * the route's pattern, never the URL: no status token, slug or id reaches the output, and the
 * series stay as many as the routes. The gauges are read at scrape time.
 *
 * Registered after the realtime plugin (it reads app.io and app.feedHub when scraped) and before
 * the routes.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, { metrics, token }: MetricsOptions) => {
    const expected = digest(token);

    // What the server served since it listened: not the audience requests it sends itself
    // before (features/requests/request-path-warm-up.ts).
    const serving = () => app.server.listening;
    app.addHook('onResponse', (request, reply, done) => {
      if (serving())
        metrics.httpRequest(
          request.method,
          request.routeOptions.url,
          reply.statusCode,
          reply.elapsedTime / 1000,
        );
      done();
    });
    app.services.events.onEvent((event) => {
      if (serving()) metrics.eventPublished(event.name);
    });
    metrics.watch({
      database: () => app.database.stats(),
      sockets: () => ({
        '/': app.io.of('/').sockets.size,
        [AUDIENCE_NAMESPACE]: app.io.of(AUDIENCE_NAMESPACE).sockets.size,
      }),
      feeds: () => app.feedHub.openTotal(),
    });

    app.get('/metrics', async (request, reply) => {
      if (!bearsToken(request, expected)) throw unauthorized(messages.metricsTokenRequired);
      const text = await metrics.registry.metrics();
      return reply
        .type(metrics.registry.contentType)
        .header('cache-control', 'no-store')
        .send(text);
    });
  },
  { name: 'metrics', dependencies: ['database', 'services', 'realtime', 'feed-websocket'] },
);
