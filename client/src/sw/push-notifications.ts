/**
 * The audience worker's side of a push (issue 47): what a push shows and where its tap leads.
 * The server sends a PushMessage (`{ title, body, url, tag }`) as JSON, encrypted for this browser's
 * subscription; the browser hands it to the worker decrypted.
 */
import type { PushMessage } from '#shared/schemas/push-notifications.ts';

/** The app's own icon (client/public/icons), on the notification. */
export const NOTIFICATION_ICON = '/icons/icon-192.png';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The message of a push's data, read without trusting it. A push must show a notification
 * (subscribed with userVisibleOnly): one that cannot be read still shows the page's name, and
 * a tap opens the page.
 */
export function readPushMessage(data: string | null, fallbackUrl: string): PushMessage {
  let parsed: Record<string, unknown> = {};
  try {
    const value: unknown = JSON.parse(data ?? '');
    if (typeof value === 'object' && value !== null) parsed = value as Record<string, unknown>;
  } catch {
    // Not JSON: the fallback below.
  }
  return {
    title: text(parsed.title) || 'Song Requests',
    body: text(parsed.body),
    url: text(parsed.url) || fallbackUrl,
    tag: text(parsed.tag),
  };
}

/**
 * Where a tap opens: the message's address on this origin only (a push carrying another site's
 * address opens the page instead), else `fallback` (the worker's scope).
 */
export function notificationTarget(url: unknown, origin: string, fallback: string): string {
  if (typeof url !== 'string' || url === '') return fallback;
  try {
    const target = new URL(url, origin);
    return target.origin === origin ? target.href : fallback;
  } catch {
    return fallback;
  }
}

const pathOf = (address: string) => new URL(address).pathname.replace(/\/+$/, '');

/** An open window already showing `target`'s page (any query), to focus rather than open another. */
export function windowShowing<W extends { url: string }>(
  windows: readonly W[],
  target: string,
): W | undefined {
  const path = pathOf(target);
  return windows.find((window) => pathOf(window.url) === path);
}
