/**
 * A requester's phone asking to be told when their request changes (issue 47, item 1): the
 * browser's PushSubscription JSON, posted to POST /request-status/{token}/push. Which push
 * services the server will call is the server's rule (it depends on WEB_PUSH_ALLOWED_ORIGINS);
 * this checks the shape, so a phone learns what is wrong before any of it is stored.
 */
import { z } from 'zod';
import { messages } from '../messages.ts';

/**
 * The longest endpoint taken. The browsers' push services hand out addresses of 150 to 500
 * characters; an endpoint is stored and called, so a longer one is refused, not truncated.
 */
export const PUSH_ENDPOINT_MAX_LENGTH = 1024;

/** RFC 8291: the phone's P-256 public key, an uncompressed point (0x04, x, y). */
export const P256DH_BYTES = 65;
/** RFC 8291: the phone's authentication secret. */
export const AUTH_SECRET_BYTES = 16;

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** The bytes of base64url text (padded or not), or null when it is not base64url. */
export function base64UrlBytes(text: string): Uint8Array | null {
  if (!BASE64URL.test(text) || text.length > 200) return null;
  const bare = text.replace(/=+$/, '');
  if (bare.length % 4 === 1) return null;
  try {
    // atob exists on both sides (the browser and Node), Buffer only on the server.
    const binary = atob(bare.replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

const keyOf = (bytes: number, check: (decoded: Uint8Array) => boolean = () => true) =>
  z.string({ error: messages.pushSubscriptionInvalid }).refine((text) => {
    const decoded = base64UrlBytes(text);
    return decoded !== null && decoded.length === bytes && check(decoded);
  }, messages.pushSubscriptionInvalid);

/** An https address (or http, which the server takes only from origins it was told to). */
function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    const web = url.protocol === 'https:' || url.protocol === 'http:';
    return web && !url.username && !url.password;
  } catch {
    return false;
  }
}

export const PushSubscriptionBody = z.object(
  {
    endpoint: z
      .string({ error: messages.pushSubscriptionInvalid })
      .max(PUSH_ENDPOINT_MAX_LENGTH, messages.pushSubscriptionInvalid)
      .refine(isWebAddress, messages.pushSubscriptionInvalid),
    keys: z.object(
      {
        p256dh: keyOf(P256DH_BYTES, (point) => point[0] === 0x04),
        auth: keyOf(AUTH_SECRET_BYTES),
      },
      { error: messages.pushSubscriptionInvalid },
    ),
    /**
     * The page's language (shared/src/i18n/locales.ts: en, es, de, fr, pt; a tag such as "es-MX"
     * is read by its language). Absent or unknown: the request's Accept-Language.
     * (The browser's `expirationTime` may come along; it is ignored.)
     */
    language: z.string().max(35).optional().catch(undefined),
  },
  { error: messages.pushSubscriptionInvalid },
);
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBody>;

/** 201: stored for this request; the phone is told on Up Next, Played and Reject. */
export const PushSubscribed = z.object({ subscribed: z.literal(true) });
export type PushSubscribed = z.infer<typeof PushSubscribed>;

/** The decrypted body of every push the server sends a requester's phone (JSON). */
export interface PushMessage {
  title: string;
  body: string;
  /** The audience page that shows the phone's requests, on the app's own origin. */
  url: string;
  /** `request-<id>`: a later push about the same request replaces the earlier notification. */
  tag: string;
}
