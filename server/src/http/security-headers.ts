import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every answer, from middleware built once. @fastify/helmet (13.2)
 * calls `helmet(options)` anew for every request, which validates and parses the whole content
 * security policy each time: at 600 audience requests a second that was about a tenth of what
 * the main thread allocated (docs/benchmarks.md, Realtime).
 */
export function addSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const setHeaders = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    // Helmet hands on an error only when its own options are invalid, and those are checked above.
    setHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined));
  });
}
