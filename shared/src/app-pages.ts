/**
 * Every page the musician's app routes (client/src/app/App.tsx), as router patterns. The server
 * answers each with the app's HTML and 200 (server/src/plugins/client.ts), so the list lives here,
 * once: a page added to the router without the server would be served by the not-found handler.
 */
export const APP_PAGES = {
  landing: '/',
  dashboard: '/dashboard',
  /** Where the identity provider returns; else the Profile tab. */
  profile: '/profile',
  onStage: '/on-stage/:slug',
  /** Where the dashboard's "Add a stage device" QR code leads. */
  stagePair: '/stage/pair',
} as const;

/** The audience page: its own HTML entry on the server, a route of the app for in-app links. */
export const AUDIENCE_PAGE = '/musician/:slug';

/**
 * A show's setlist after it ended (issue 47), linked from a played request's receipt: served by
 * the audience page's entry, which shows the recap for this address.
 */
export const SHOW_RECAP_PAGE = '/musician/:slug/shows/:showId';

/** The recap page of one show of the musician of `slug`. */
export function showRecapAddress(slug: string, showId: string): string {
  return `/musician/${encodeURIComponent(slug)}/shows/${encodeURIComponent(showId)}`;
}

/** An address of `pattern` with every `:param` filled in, for tests and links. */
export function pageAddress(pattern: string, value = 'some-band'): string {
  return pattern.replace(/:[a-z]+/gi, value);
}
