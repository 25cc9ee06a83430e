import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import ece from 'http_ece';

/**
 * A local stand-in for a browser's push service (FCM, Mozilla's, Apple's), for the browser
 * tests: headless Chromium offline reaches none. On a fixed port, so the app (started earlier
 * by playwright.config.ts) can be told up front that it may push here (WEB_PUSH_ALLOWED_ORIGINS
 * replaces the list of real push services). E2E_PUSH_PORT lets two runs share a machine.
 *
 * Unlike a real push service, which cannot read what it forwards, this one holds the
 * subscription's private key: it decrypts each message (RFC 8291, aes128gcm, with http_ece) so
 * the test can check it and hand it to the page's service worker itself.
 */
export const E2E_PUSH_PORT = Number(process.env.E2E_PUSH_PORT || 4177);
export const PUSH_ENDPOINT_ORIGIN = `http://127.0.0.1:${E2E_PUSH_PORT}`;

/**
 * The app's settings for this endpoint (playwright.config.ts puts them in its env). The VAPID
 * subject must be a mailto: or https: address (web-push refuses the test's http:// site).
 */
export const E2E_PUSH_ENV = {
  WEB_PUSH_ALLOWED_ORIGINS: PUSH_ENDPOINT_ORIGIN,
  WEB_PUSH_SUBJECT: 'mailto:push-e2e@example.com',
};

/** A browser's side of a subscription: its keys as PushSubscription.toJSON() gives them. */
export interface PushSubscriber {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The private half, which a real push service never holds. */
  ecdh: ReturnType<typeof createECDH>;
}

/** A real P-256 key pair and auth secret, as a browser makes for a subscription. */
export function newPushSubscriber(path: string): PushSubscriber {
  const ecdh = createECDH('prime256v1');
  const p256dh = ecdh.generateKeys().toString('base64url');
  const auth = randomBytes(16).toString('base64url');
  return { endpoint: `${PUSH_ENDPOINT_ORIGIN}/${path}`, keys: { p256dh, auth }, ecdh };
}

export interface PushEndpoint {
  /** The next push for `subscriber`, decrypted (already received, or when it comes). */
  next(subscriber: PushSubscriber): Promise<string>;
  close(): Promise<void>;
}

/** Starts the endpoint; it answers every push 201 Created, as push services do. */
export async function startPushEndpoint(subscribers: PushSubscriber[]): Promise<PushEndpoint> {
  const received = new Map<string, string[]>();
  const waiting = new Map<string, (payload: string) => void>();
  const deliver = (path: string, payload: string) => {
    const waiter = waiting.get(path);
    waiting.delete(path);
    if (waiter) waiter(payload);
    else received.set(path, [...(received.get(path) ?? []), payload]);
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '';
      const subscriber = subscribers.find((one) => new URL(one.endpoint).pathname === path);
      if (req.method !== 'POST' || !subscriber) {
        res.writeHead(404).end();
        return;
      }
      try {
        const payload = ece.decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: subscriber.ecdh,
          authSecret: subscriber.keys.auth,
        });
        res.writeHead(201).end();
        deliver(path, payload.toString('utf8'));
      } catch (error) {
        // Not encrypted for this subscription: a push service would refuse it; the test says so.
        res.writeHead(400).end();
        deliver(path, `undecryptable: ${String(error)}`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(E2E_PUSH_PORT, '127.0.0.1', resolve));

  return {
    next: (subscriber) => {
      const path = new URL(subscriber.endpoint).pathname;
      const [first, ...rest] = received.get(path) ?? [];
      if (first) {
        received.set(path, rest);
        return Promise.resolve(first);
      }
      return new Promise((resolve) => waiting.set(path, resolve));
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
