import { UNDO_WINDOW_MS } from '#shared/limits.ts';
import {
  DEFAULT_PUSH_SERVICE_ORIGINS,
  parsePushServiceOrigin,
  type PushServiceOrigin,
} from './push-service-origins.ts';

/**
 * Pushes to a requester's phone (issue 47, item 1). Always on: the VAPID keys are made on first
 * use and kept in the database, so there is nothing to set for the browsers' own push services.
 */
export interface WebPushConfig {
  /** WEB_PUSH_ALLOWED_ORIGINS: the push services the server will call (push-service-origins.ts). */
  allowedOrigins: readonly PushServiceOrigin[];
  /**
   * WEB_PUSH_SUBJECT: how a push service may reach whoever runs this server (VAPID's `sub`, a
   * mailto: or https: address). Unset: SUPPORT_EMAIL, else PUBLIC_URL (defaultSubject).
   */
  subject: string;
  /** WEB_PUSH_TIMEOUT_MS: how long one push service may take to take a message. */
  timeoutMs: number;
  /**
   * How long after Played or Reject the phone is told: the undo window, so that a tap taken back
   * tells no one, and the subscription it would have ended keeps working. Tests set 0.
   */
  finalAfterMs: number;
}

type Env = Record<string, string | undefined>;

/**
 * SUPPORT_EMAIL, else PUBLIC_URL when it is https, else an address at PUBLIC_URL's host: push
 * services take only mailto: and https: (Apple's refuses localhost, which only a local install
 * has, where no phone of the audience subscribes through Apple anyway).
 */
function defaultSubject(site: { publicUrl: string; supportEmail: string | undefined }): string {
  if (site.supportEmail) return `mailto:${site.supportEmail}`;
  if (site.publicUrl.startsWith('https://')) return site.publicUrl;
  return `mailto:webpush@${new URL(site.publicUrl).hostname}`;
}

export function webPushConfig(
  env: Env,
  site: { publicUrl: string; supportEmail: string | undefined },
  fail: (message: string) => Error,
): WebPushConfig {
  const listed = env.WEB_PUSH_ALLOWED_ORIGINS?.trim();
  const entries = listed
    ? listed
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean)
    : [...DEFAULT_PUSH_SERVICE_ORIGINS];
  const allowedOrigins = entries.map((entry) => {
    const origin = parsePushServiceOrigin(entry);
    if (!origin) {
      throw fail(
        `WEB_PUSH_ALLOWED_ORIGINS must be origins separated by commas, such as https://fcm.googleapis.com,https://*.notify.windows.com (a * only as the first label); "${entry}" is not one`,
      );
    }
    return origin;
  });
  const subject = env.WEB_PUSH_SUBJECT?.trim() || defaultSubject(site);
  if (!/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(subject)) {
    throw fail(
      `WEB_PUSH_SUBJECT must be a mailto: or https: address where push services can reach you, got "${subject}"`,
    );
  }
  const rawTimeout = env.WEB_PUSH_TIMEOUT_MS?.trim();
  const timeoutMs = rawTimeout ? Number(rawTimeout) : 10_000;
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) {
    throw fail(`WEB_PUSH_TIMEOUT_MS must be a positive whole number, got "${rawTimeout}"`);
  }
  return { allowedOrigins, subject, timeoutMs, finalAfterMs: UNDO_WINDOW_MS + 500 };
}
