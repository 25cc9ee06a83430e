import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '#shared/messages.ts';
import { AuthResponse } from '#shared/schemas/auth.ts';
import { OidcCallbackBody, OidcCallbackResponse, OidcCompleteBody } from '#shared/schemas/oidc.ts';
import { HttpError, notFound } from '#server/http/errors.ts';
import { responses } from '#server/http/responses.ts';
import { clearedFlowCookie, flowCookie, flowKeyOf } from './oidc-flow-cookie.ts';
import { FLOW_TTL_SECONDS, OIDC_RETURN_PATH } from './oidc-service.ts';

/**
 * Where a sign-in that could not start sends the browser: the page the provider returns to,
 * with an OAuth 2.0 error code (RFC 6749, 4.1.2.1), as if the provider had refused it, so the
 * client shows its sign-in failure instead of raw JSON (the start is a full page load).
 */
function startFailedPath(error: HttpError): string {
  const code = error.statusCode === 503 ? 'temporarily_unavailable' : 'server_error';
  return `${OIDC_RETURN_PATH}?error=${code}`;
}

/**
 * Sign-in with the configured OpenID Connect provider: start sends the browser there, callback
 * takes what it brought back to /profile, complete names a first-time musician. Without
 * OIDC_* settings every route answers 404.
 */
export const oidcRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> = async (app, options) => {
  const limited = { config: { rateLimit: app.authRateLimit } };
  const secureCookie = options.publicUrl.startsWith('https:');

  function service() {
    const { oidc } = app.services;
    if (!oidc) throw notFound(messages.oidcNotConfigured);
    return oidc;
  }

  app.get('/auth/oidc/start', limited, async (request, reply) => {
    const oidc = service();
    reply.header('cache-control', 'no-store');
    try {
      const started = await oidc.start();
      reply.header('set-cookie', flowCookie(started.browserKey, FLOW_TTL_SECONDS, secureCookie));
      return reply.redirect(started.url);
    } catch (error) {
      // The service logged the cause; the browser only needs to land on a page that says so.
      if (!(error instanceof HttpError)) throw error;
      return reply.redirect(startFailedPath(error));
    }
  });

  app.post(
    '/auth/oidc/callback',
    {
      ...limited,
      schema: { body: OidcCallbackBody, response: responses({ 200: OidcCallbackResponse }) },
    },
    async (request, reply) => {
      const oidc = service();
      // The flow is over in this browser whichever way it ends.
      reply.header('set-cookie', clearedFlowCookie(secureCookie));
      return oidc.callback(request.body, flowKeyOf(request));
    },
  );

  app.post(
    '/auth/oidc/complete',
    {
      ...limited,
      schema: { body: OidcCompleteBody, response: responses({ 200: AuthResponse }) },
    },
    async (request) => service().complete(request.body),
  );
};
