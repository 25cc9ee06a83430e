import type { FastifyRequest } from 'fastify';
import {
  acceptedLanguages,
  DEFAULT_LOCALE,
  pickLocale,
  type Locale,
} from '#shared/i18n/locales.ts';

/** Every public read of a musician's page lives under this route (features/audience). */
const AUDIENCE_PAGE_ROUTES = '/api/musicians/:slug';

/**
 * The other calls the audience page makes: submissions, its requests' status and their pushes,
 * click tracking.
 */
const AUDIENCE_CALLS = new Set([
  'POST /api/requests',
  'POST /api/song-suggestions',
  'GET /api/request-status/:token',
  'POST /api/request-status/:token/push',
  'POST /api/requests/:id/track-click',
]);

/** Whether the route answering this request is one the audience page calls. */
export function isAudienceRoute(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (!route) return false;
  return (
    route === AUDIENCE_PAGE_ROUTES ||
    route.startsWith(`${AUDIENCE_PAGE_ROUTES}/`) ||
    AUDIENCE_CALLS.has(`${request.method} ${route}`)
  );
}

/**
 * The language to answer in: on the audience's routes, the first of Accept-Language the page
 * speaks (the page sends the language its switcher shows); English everywhere else, since the
 * musician's app is English whatever their browser prefers.
 */
export function requestLocale(request: FastifyRequest): Locale {
  if (!isAudienceRoute(request)) return DEFAULT_LOCALE;
  return pickLocale(acceptedLanguages(request.headers['accept-language']));
}
