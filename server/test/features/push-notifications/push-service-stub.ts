import { createECDH, createPublicKey, type ECDH, randomBytes, verify } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import type { PushMessage } from '#shared/schemas/push-notifications.ts';
import { cleanUpLater } from '#server-test/helpers/cleanup.ts';

/** A browser's subscription as PushSubscription.toJSON() gives it, with its private half. */
export interface TestSubscriber {
  json: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** The path of its endpoint on the stub: what a delivery is matched by. */
  path: string;
  keyPair: ECDH;
}

/** One message the stub took, decrypted as the browser would. */
export interface Delivery {
  path: string;
  message: PushMessage;
  headers: Record<string, string | string[] | undefined>;
  /** The VAPID header's JWT claims, its signature checked against its `k` key. */
  vapid: { audience: string; subject: string; publicKey: string };
}

type Answer = number;

/** Reads `Authorization: vapid t=<jwt>, k=<key>` and checks the JWT's ES256 signature with k. */
function checkedVapid(header: string | undefined): Delivery['vapid'] {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${header}`);
  const [jwt, key] = [match[1]!, match[2]!];
  const [head, claims, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the VAPID signature does not match its key');
  const { aud, sub } = JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
    aud: string;
    sub: string;
  };
  return { audience: aud, subject: sub, publicKey: key };
}

/**
 * A local push service, as RFC 8030 has one take messages: POST to a subscription's endpoint,
 * an aes128gcm body (RFC 8188) and a VAPID authorization (RFC 8292). It checks the VAPID
 * signature and decrypts each message with the subscriber's private key and auth secret (RFC
 * 8291, through http_ece), as the browser it stands for would after delivery: a real push
 * service cannot read them. `answer` picks the status per endpoint path (201 by default; 410:
 * "this subscription is gone").
 */
export async function startPushService() {
  const subscribers = new Map<string, TestSubscriber>();
  const answers = new Map<string, Answer>();
  const deliveries: Delivery[] = [];
  const failures: string[] = [];
  // Each waits for the n-th message to one browser; checked again whenever one arrives.
  const waiters = new Set<() => boolean>();

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = req.url ?? '/';
    const subscriber = subscribers.get(path);
    try {
      if (!subscriber) throw new Error(`no subscription at ${path}`);
      if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
      const vapid = checkedVapid(req.headers.authorization);
      const plain = ece.decrypt(Buffer.concat(chunks), {
        version: 'aes128gcm',
        privateKey: subscriber.keyPair,
        authSecret: subscriber.json.keys.auth,
      });
      const delivery = {
        path,
        message: JSON.parse(plain.toString('utf8')) as PushMessage,
        headers: req.headers,
        vapid,
      };
      deliveries.push(delivery);
      for (const waiter of [...waiters]) if (waiter()) waiters.delete(waiter);
      res.writeHead(answers.get(path) ?? 201).end();
    } catch (error) {
      failures.push(String(error));
      for (const waiter of [...waiters]) if (waiter()) waiters.delete(waiter);
      res.writeHead(400).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanUpLater(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    origin,
    deliveries,
    /** What the stub could not take (a bad signature, a body it could not decrypt). */
    failures,

    /** A new browser: a real P-256 key pair and auth secret, and an endpoint of its own. */
    subscriber(): TestSubscriber {
      const keyPair = createECDH('prime256v1');
      keyPair.generateKeys();
      const path = `/push/${randomBytes(12).toString('base64url')}`;
      const subscriber = {
        path,
        keyPair,
        json: {
          endpoint: `${origin}${path}`,
          keys: {
            p256dh: keyPair.getPublicKey().toString('base64url'),
            auth: randomBytes(16).toString('base64url'),
          },
        },
      };
      subscribers.set(path, subscriber);
      return subscriber;
    },

    /** How the stub answers this browser's next messages (410: the subscription is gone). */
    answer(subscriber: TestSubscriber, status: Answer) {
      answers.set(subscriber.path, status);
    },

    /**
     * The n-th message (from 0) sent to this browser, once it has arrived; a message the stub
     * could not take fails the wait at once, saying why.
     */
    nth(subscriber: TestSubscriber, n: number): Promise<Delivery> {
      return new Promise((resolve, reject) => {
        const waiter = () => {
          if (failures.length > 0) reject(new Error(failures.join('; ')));
          const delivery = deliveries.filter((d) => d.path === subscriber.path)[n];
          if (delivery) resolve(delivery);
          return delivery !== undefined || failures.length > 0;
        };
        if (!waiter()) waiters.add(waiter);
      });
    },

    /** Every message this browser was sent. */
    sentTo(subscriber: TestSubscriber): Delivery[] {
      return deliveries.filter((d) => d.path === subscriber.path);
    },
  };
}

export type PushServiceStub = Awaited<ReturnType<typeof startPushService>>;
