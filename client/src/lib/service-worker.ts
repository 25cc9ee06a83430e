import { SHELLS, serviceWorkerUrl, type ShellName } from '#client/sw/shells.ts';

/** What makeInstallable touches, injectable for tests. */
interface InstallableEnv {
  /** Production builds only: in development Vite serves modules no worker could precache. */
  production: boolean;
  window: Pick<Window, 'addEventListener'>;
  document: Pick<Document, 'readyState' | 'head' | 'createElement' | 'querySelector'>;
  location: Pick<Location, 'pathname'>;
  serviceWorker: Pick<ServiceWorkerContainer, 'register'> | undefined;
  /** Runs `work` once the loaded page has settled (afterSettling in the browser). */
  later(work: () => void): void;
}

/**
 * How long after the load event the page becomes installable. Linking the manifest makes the
 * browser fetch it and its icons; registering the worker precaches the whole shell (about 110 KB
 * on the audience page) and starts a second script. Done at once, both land in the page's first
 * interactive seconds on a slow phone: Lighthouse's Total Blocking Time went from about 100 to
 * 220 ms. Nobody installs the page or loses the network in its first seconds.
 */
const REGISTER_AFTER_LOAD_MS = 5000;

/** After REGISTER_AFTER_LOAD_MS, in the browser's next idle moment (or at once without one). */
function afterSettling(work: () => void): void {
  setTimeout(() => {
    if ('requestIdleCallback' in window) requestIdleCallback(work, { timeout: 5000 });
    else work();
  }, REGISTER_AFTER_LOAD_MS);
}

const browserEnv = (): InstallableEnv => ({
  production: import.meta.env.PROD,
  window,
  document,
  location: window.location,
  serviceWorker: 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
  later: afterSettling,
});

/**
 * The address of the manifest of the audience page at `pathname` (/musician/{slug}), served by
 * the server per musician (server/src/features/web-manifest/): each musician's page installs as
 * an app of its own, named after them. Null elsewhere.
 */
export function musicianManifestUrl(pathname: string): string | null {
  const match = /^\/musician\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  let slug: string;
  try {
    slug = decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
  return `/api/musicians/${encodeURIComponent(slug)}/manifest.webmanifest`;
}

/** Adds (or points) the page's `<link rel="manifest">` at `href`. */
function linkManifest(document: InstallableEnv['document'], href: string): void {
  const existing = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  const link = existing ?? document.createElement('link');
  link.rel = 'manifest';
  link.href = href;
  if (!existing) document.head.append(link);
}

/**
 * Registers `shell`'s worker (/sw.js?shell=...) over its scope. Again for a page that already has
 * it is harmless: the browser answers the same registration (web-push.ts registers on a tap that
 * came before the page settled).
 */
export function registerShellWorker(
  shell: ShellName,
  serviceWorker: Pick<ServiceWorkerContainer, 'register'>,
): Promise<ServiceWorkerRegistration> {
  return serviceWorker.register(serviceWorkerUrl(shell), { scope: SHELLS[shell].scope });
}

/**
 * Makes the page installable (main.tsx and audience-main.tsx call it once), a while after it has
 * loaded (REGISTER_AFTER_LOAD_MS), so neither competes with the first paint or the first taps:
 * the audience page gets its musician's manifest (index.html links the app's own), and
 * production builds register the shell's service worker. A browser without service workers, or one that refuses (private mode), simply
 * runs the page online as before.
 */
export function makeInstallable(shell: ShellName, env: InstallableEnv = browserEnv()): void {
  const { serviceWorker } = env;
  const register = () => {
    if (shell === 'audience') {
      const manifest = musicianManifestUrl(env.location.pathname);
      if (manifest) linkManifest(env.document, manifest);
    }
    if (!env.production || !serviceWorker) return;
    registerShellWorker(shell, serviceWorker).catch((error: unknown) =>
      console.warn('The service worker did not register:', error),
    );
  };
  const registerLater = () => env.later(register);
  if (env.document.readyState === 'complete') registerLater();
  else env.window.addEventListener('load', registerLater, { once: true });
}

/**
 * Runs `work` once, when a service worker first takes control of a page that loaded without one
 * (the first visit: clients.claim hands it over after install). What the page read before then
 * went past the worker and is in none of its caches; the audience page reads it again through the
 * worker, so the page opens offline from the first visit, not only from the second.
 */
export function onFirstControl(
  work: () => void,
  serviceWorker:
    Pick<ServiceWorkerContainer, 'controller' | 'addEventListener'> | undefined = 'serviceWorker' in
  navigator
    ? navigator.serviceWorker
    : undefined,
): void {
  if (!serviceWorker || serviceWorker.controller) return;
  serviceWorker.addEventListener('controllerchange', () => work(), { once: true });
}
