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

export const SHELLS: Record<ShellName, Shell> = {
  // The musician's app: what server/src/plugins/client.ts answers with index.html, plus the
  // pairing page its router shows. Anything else (an unknown address) goes to the server.
  app: {
    html: 'index.html',
    scope: '/',
    navigations: [
      address(''),
      address('/dashboard'),
      address('/profile'),
      address('/on-stage/[^/?#]+'),
      address('/stage/pair'),
    ],
  },
  // The audience page, opened from a QR code at every gig: /musician/{slug}.
  audience: {
    html: 'audience.html',
    scope: '/musician/',
    navigations: [address('/musician/[^/?#]+')],
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
