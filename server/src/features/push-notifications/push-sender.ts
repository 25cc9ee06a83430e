import type { VapidKeyPair } from './vapid-keys.ts';

/** Where and how one browser is reached (RFC 8030 endpoint, RFC 8291 keys). */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * What the push service said: taken, gone for good (404/410: the browser unsubscribed or the
 * subscription expired), or failed for now (any other answer, a redirect, a timeout). The status
 * is all a log line may say of the answer.
 */
export type PushOutcome =
  | { outcome: 'sent' }
  | { outcome: 'gone'; status: number }
  | { outcome: 'failed'; status?: number; reason: string };

/** An up-next older than this is no news: the push service drops it rather than deliver late. */
const TTL_SECONDS = 60 * 60;

interface SenderOptions {
  keys: () => Promise<VapidKeyPair>;
  subject: string;
  timeoutMs: number;
  /** Aborted when the server closes: a send in flight stops with it. */
  signal: AbortSignal;
}

/**
 * Sends one encrypted message. web-push encrypts it (aes128gcm, RFC 8291, to the browser's keys)
 * and signs the VAPID header; the request itself is fetch's, so that it has a timeout, never
 * follows a redirect (a push service's answer cannot send the server elsewhere), and reaches a
 * local http push service in tests, which web-push's own https-only sender could not.
 */
export function pushSender({ keys, subject, timeoutMs, signal }: SenderOptions) {
  // Loaded with the first push: a server whose audience asks for none does not hold it.
  let library: Promise<typeof import('web-push')> | undefined;
  return {
    async send(target: PushTarget, payload: string): Promise<PushOutcome> {
      const { publicKey, privateKey } = await keys();
      library ??= import('web-push').then((loaded) => loaded.default);
      const webPush = await library;
      const details = webPush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        {
          vapidDetails: { subject, publicKey, privateKey },
          TTL: TTL_SECONDS,
          urgency: 'high',
          contentEncoding: 'aes128gcm',
        },
      );
      const headers = new Headers();
      for (const [name, value] of Object.entries(details.headers)) {
        // fetch counts the body itself.
        if (name.toLowerCase() !== 'content-length') headers.set(name, String(value));
      }
      let response: Response;
      try {
        response = await fetch(details.endpoint, {
          method: details.method,
          headers,
          body: details.body ? new Uint8Array(details.body) : null,
          redirect: 'manual',
          signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
        });
      } catch (error) {
        return { outcome: 'failed', reason: failureReason(error) };
      }
      // Nothing of the answer is needed but its status.
      await response.body?.cancel().catch(() => undefined);
      if (response.status >= 200 && response.status < 300) return { outcome: 'sent' };
      if (response.status === 404 || response.status === 410) {
        return { outcome: 'gone', status: response.status };
      }
      return { outcome: 'failed', status: response.status, reason: 'refused' };
    },
  };
}

/** A network failure in a word for the log: never its message, which may quote the endpoint. */
function failureReason(error: unknown): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') return 'timeout';
  if (error instanceof DOMException && error.name === 'AbortError') return 'aborted';
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  return typeof cause?.code === 'string' ? cause.code : 'network';
}

export type PushSender = ReturnType<typeof pushSender>;
