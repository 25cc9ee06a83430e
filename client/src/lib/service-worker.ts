import { SHELLS, serviceWorkerUrl, type ShellName } from '#client/sw/shells.ts';

/** What makeInstallable touches, injectable for tests. */
interface InstallableEnv {
  /** Production builds only: in development Vite serves modules no worker could precache. */
  production: boolean;
  window: Pick<Window, 'addEventListener'>;
  document: Pick<Document, 'readyState' | 'head' | 'createElement' | 'querySelector'>;
  location: Pick<Location, 'pathname'>;
  serviceWorker: Pick<ServiceWorkerContainer, 'register'> | undefined;
}

const browserEnv = (): InstallableEnv => ({
  production: import.meta.env.PROD,
  window,
  document,
  location: window.location,
  serviceWorker: 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
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
 * Makes the page installable (main.tsx and audience-main.tsx call it once): the audience page
 * gets its musician's manifest (index.html links the app's own), and production builds register
 * the shell's service worker once the page has loaded, so its precaching never competes with the
 * first paint. A browser without service workers, or one that refuses (private mode), simply
 * runs the page online as before.
 */
export function makeInstallable(shell: ShellName, env: InstallableEnv = browserEnv()): void {
  if (shell === 'audience') {
    const manifest = musicianManifestUrl(env.location.pathname);
    if (manifest) linkManifest(env.document, manifest);
  }
  const { serviceWorker } = env;
  if (!env.production || !serviceWorker) return;
  const register = () => {
    serviceWorker
      .register(serviceWorkerUrl(shell), { scope: SHELLS[shell].scope })
      .catch((error: unknown) => console.warn('The service worker did not register:', error));
  };
  if (env.document.readyState === 'complete') register();
  else env.window.addEventListener('load', register, { once: true });
}
