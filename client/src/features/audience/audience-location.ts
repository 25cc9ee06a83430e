/**
 * The audience page's place in the URL, read and written without a router (the audience bundle
 * carries none): the slug from /musician/{slug}, a show's setlist at /musician/{slug}/shows/{id},
 * and the sort order in ?sort=.
 */

const PREFIX = '/musician/';

/** The slug of /musician/{slug} (decoded; '' when the path is something else). */
export function slugFromPath(pathname: string = window.location.pathname): string {
  if (!pathname.startsWith(PREFIX)) return '';
  const rest = pathname.slice(PREFIX.length).split('/')[0] ?? '';
  try {
    return decodeURIComponent(rest);
  } catch {
    return rest;
  }
}

const RECAP_PATH = /^\/musician\/([^/]+)\/shows\/([^/]+)\/?$/;

/** The slug and show of /musician/{slug}/shows/{showId} (a show's setlist), or null. */
export function recapFromPath(
  pathname: string = window.location.pathname,
): { slug: string; showId: string } | null {
  const match = RECAP_PATH.exec(pathname);
  if (!match?.[1] || !match[2]) return null;
  try {
    return { slug: decodeURIComponent(match[1]), showId: decodeURIComponent(match[2]) };
  } catch {
    return null;
  }
}

/** A query parameter of the current address, or null. */
export function readParam(name: string): string | null {
  return new URLSearchParams(window.location.search).get(name);
}

/** Sets (or, with null, removes) a query parameter without adding a history entry. */
export function writeParam(name: string, value: string | null): void {
  const url = new URL(window.location.href);
  if (value === null) url.searchParams.delete(name);
  else url.searchParams.set(name, value);
  replaceUrl(url);
}

/** The musician renamed their link: the address follows, keeping the query. */
export function moveToSlug(slug: string): void {
  const url = new URL(window.location.href);
  url.pathname = `${PREFIX}${encodeURIComponent(slug)}`;
  replaceUrl(url);
}

function replaceUrl(url: URL): void {
  const next = `${url.pathname}${url.search}${url.hash}`;
  const current = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  // Keep the state object: a router that may host this page stores its own keys there.
  if (next !== current) window.history.replaceState(window.history.state, '', next);
}
