import { registerShellWorker } from './service-worker.ts';

/**
 * What this browser can do about a Web Push (issue 47: "Tell me when it's coming up"):
 * - 'available': a service worker, PushManager and notifications: it can subscribe;
 * - 'home-screen-first': an iPhone or iPad in a Safari tab, where Apple gives Web Push only to a
 *   page added to the Home Screen (iOS 16.4 and later): the page says how;
 * - 'none': no Web Push here (an old browser; a development build, which has no worker).
 */
export type PushAbility = 'available' | 'home-screen-first' | 'none';

/** What pushAbility reads off the browser, injectable for tests. */
export interface PushAbilityEnv {
  production: boolean;
  /** PushManager, service workers and Notification all exist. */
  hasWebPush: boolean;
  /** iOS or iPadOS (an iPad's Safari calls itself a Mac with a touch screen). */
  appleMobile: boolean;
  /** Opened from the Home Screen, as an installed web app. */
  standalone: boolean;
}

export function pushAbility(env: PushAbilityEnv = browserAbilityEnv()): PushAbility {
  if (!env.production) return 'none';
  if (env.hasWebPush) return 'available';
  return env.appleMobile && !env.standalone ? 'home-screen-first' : 'none';
}

function browserAbilityEnv(): PushAbilityEnv {
  if (typeof window === 'undefined') {
    return { production: false, hasWebPush: false, appleMobile: false, standalone: false };
  }
  const standalone =
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return {
    production: import.meta.env.PROD,
    hasWebPush: 'PushManager' in window && 'serviceWorker' in navigator && 'Notification' in window,
    appleMobile:
      /iPad|iPhone|iPod/.test(navigator.userAgent) ||
      (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1),
    standalone,
  };
}

/** The browser's PushSubscription as the server stores it (its toJSON(), checked). */
export interface PushSubscriptionKeys {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * A base64url key (the server's VAPID public key) as the bytes PushManager takes. (shared/'s
 * checker of the same text sits beside zod schemas, which the audience page never loads.)
 */
export function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  return Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
}

const sameBytes = (a: ArrayBuffer | null, b: Uint8Array) => {
  if (!a || a.byteLength !== b.length) return false;
  const bytes = new Uint8Array(a);
  return bytes.every((byte, index) => byte === b[index]);
};

/** What subscribeThisPage touches, injectable for tests. */
export type PushContainer = Pick<ServiceWorkerContainer, 'register' | 'ready'>;

/**
 * This page's push subscription for the server's `publicKey` (VAPID, base64url), made now if
 * there is none. The page registers its worker a while after load (service-worker.ts): a tap may
 * come first, so it registers here too (the same script and scope: the same registration), and
 * waits for the worker to be active, as PushManager requires. A subscription made for another
 * key (the server's keys changed) is replaced: the browser refuses a second key otherwise.
 */
export async function subscribeThisPage(
  publicKey: string,
  container: PushContainer = navigator.serviceWorker,
): Promise<PushSubscriptionKeys> {
  await registerShellWorker('audience', container);
  const { pushManager } = await container.ready;
  const applicationServerKey = base64UrlBytes(publicKey);
  let subscription = await pushManager.getSubscription();
  if (subscription && !sameBytes(subscription.options.applicationServerKey, applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) {
    throw new Error('The browser made a push subscription without its keys.');
  }
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}
