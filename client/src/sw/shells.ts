import { APP_PAGES, AUDIENCE_PAGE } from '#shared/app-pages.ts';

/**
 * The two installable pages and what their service workers own. Both register the same script
 * (/sw.js) with `?shell=` naming theirs, so one build serves both, but each registration keeps
 * its own scope and caches: a phone opening the audience page installs the audience page's code
 * only, never the musician's dashboard.
 */
export type ShellName = 'app' | 'audience';

export interface Shell {
  /** The HTML entry the server answers this shell's addresses with (client/vite.config.ts). */
  html: string;
  /** The registration's scope: the pages it controls. */
  scope: string;
  /** Addresses opened from the cached HTML, online or not (path and query). */
  navigations: RegExp[];
}

/** `path` as an address, with or without a trailing slash, with any query. */
const address = (path: string) => new RegExp(`^${path}/?(?:\\?.*)?$`);

/** A router pattern (/on-stage/:slug) as an address: each :param one path segment. */
const pageAddress = (pattern: string) =>
  address(pattern.replace(/\/$/, '').replace(/:[a-z]+/gi, '[^/?#]+'));

export const SHELLS: Record<ShellName, Shell> = {
  // The musician's app: the pages its router shows, which server/src/plugins/client.ts answers
  // with index.html (shared/src/app-pages.ts). Anything else (an unknown address) goes to the
  // server.
  app: {
    html: 'index.html',
    scope: '/',
    navigations: Object.values(APP_PAGES).map(pageAddress),
  },
  // The audience page, opened from a QR code at every gig: /musician/{slug}.
  audience: {
    html: 'audience.html',
    scope: '/musician/',
    navigations: [pageAddress(AUDIENCE_PAGE)],
  },
};

export const SERVICE_WORKER_URL = '/sw.js';

/** The script URL a shell registers. */
export function serviceWorkerUrl(shell: ShellName): string {
  return `${SERVICE_WORKER_URL}?shell=${shell}`;
}

/** Which shell a running service worker serves, from its own script URL. */
export function shellOfScript(scriptUrl: string): ShellName {
  return new URL(scriptUrl).searchParams.get('shell') === 'audience' ? 'audience' : 'app';
}
