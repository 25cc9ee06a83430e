/// <reference lib="webworker" />
/**
 * The service worker of both installable pages (built by service-worker-plugin.ts into /sw.js).
 * Which page registered it (`?shell=`) decides what it keeps: the musician's app or the audience
 * page. What it does, for either:
 * - precaches its shell (HTML, scripts, styles) so the page opens at once, online or not;
 * - answers its page's addresses with that cached HTML;
 * - lets every /api call go to the network untouched (the musician's calls carry a session:
 *   never cached), except the audience page's public reads, network first with a cached copy
 *   for when there is no network;
 * - on the audience page, shows the pushes a requester asked for ("Your song is next: Yellow",
 *   issue 47) and opens (or focuses) the page that follows the request when one is tapped;
 * - takes over as soon as a new build installs it (skipWaiting + clients.claim): pages already
 *   open keep the code they run, the next navigation or reload opens the new version. It never
 *   reloads a page itself, so an On Stage screen cannot flash in the middle of a song.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import {
  NOTIFICATION_ICON,
  notificationTarget,
  readPushMessage,
  windowShowing,
} from './push-notifications.ts';
import { SHELLS, shellOfScript, type ShellName } from './shells.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
};
/** Each shell's files, from the build (service-worker-plugin.ts). */
declare const __SHELL_FILES__: Record<ShellName, string[]>;

const DAY_SECONDS = 24 * 60 * 60;
/** On a slow venue network, a cached answer after this long beats a blank song list. */
const PUBLIC_READ_TIMEOUT_SECONDS = 4;

/**
 * The audience page's public reads (audience-api.ts): the profile, design, songs, filters. Not
 * the access check: the page opens when it fails, and a stale "paused" must never keep people out.
 */
const PUBLIC_READ = /^\/api\/musicians\/[^/]+(?:\/(?:design|songs|filters|playlists))?$/;
const IMAGE = /^\/api\/images\/[^/]+$/;

const shell = shellOfScript(self.location.href);
const own = new Set(__SHELL_FILES__[shell]);
const urlOf = (entry: PrecacheEntry | string) => (typeof entry === 'string' ? entry : entry.url);

// A new build takes over as soon as it has precached its shell (see the top of this file).
self.addEventListener('install', () => void self.skipWaiting());
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST.filter((entry) => own.has(urlOf(entry))));
registerRoute(
  new NavigationRoute(createHandlerBoundToURL(SHELLS[shell].html), {
    allowlist: SHELLS[shell].navigations,
  }),
);

if (shell === 'audience') {
  // Public data only: a request carrying a session (the musician's app) is never cached.
  const isPublic = (request: Request) => !request.headers.has('authorization');
  registerRoute(
    ({ url, request }) =>
      url.origin === self.location.origin && PUBLIC_READ.test(url.pathname) && isPublic(request),
    new NetworkFirst({
      cacheName: 'audience-public-reads',
      networkTimeoutSeconds: PUBLIC_READ_TIMEOUT_SECONDS,
      plugins: [new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 7 * DAY_SECONDS })],
    }),
  );
  // An image's address changes with the image (images-routes.ts): a cached one is current.
  registerRoute(
    ({ url, request }) =>
      url.origin === self.location.origin && IMAGE.test(url.pathname) && isPublic(request),
    new CacheFirst({
      cacheName: 'audience-images',
      plugins: [new ExpirationPlugin({ maxEntries: 20, maxAgeSeconds: 30 * DAY_SECONDS })],
    }),
  );

  // A push the requester asked for (PushOffer.tsx): shown as the server worded it.
  self.addEventListener('push', (event) => {
    const message = readPushMessage(event.data?.text() ?? null, self.registration.scope);
    event.waitUntil(
      self.registration.showNotification(message.title, {
        body: message.body,
        icon: NOTIFICATION_ICON,
        ...(message.tag ? { tag: message.tag } : {}),
        data: { url: message.url },
      }),
    );
  });
  // Its tap: the page that follows the request, focused when open, else opened.
  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = event.notification.data as { url?: unknown } | null;
    const target = notificationTarget(data?.url, self.location.origin, self.registration.scope);
    event.waitUntil(
      (async () => {
        const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const open = windowShowing(windows, target);
        if (open) await open.focus();
        else await self.clients.openWindow(target);
      })(),
    );
  });
}
