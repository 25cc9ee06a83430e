import { createECDH } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '#server/db/tables.ts';

/** The server's VAPID key pair (RFC 8292), base64url: what push services know it by. */
export interface VapidKeyPair {
  /** The uncompressed P-256 point, 65 bytes: the phones' applicationServerKey. */
  publicKey: string;
  /** The private scalar, 32 bytes. */
  privateKey: string;
}

const SECRET_NAME = 'vapid';

/**
 * A fresh P-256 pair, as web-push's generateVAPIDKeys makes it (node:crypto, so that the
 * library loads only when a push is sent): the private scalar left-padded to its 32 bytes.
 */
function freshPair(): VapidKeyPair {
  const curve = createECDH('prime256v1');
  curve.generateKeys();
  const privateKey = Buffer.alloc(32);
  const scalar = curve.getPrivateKey();
  scalar.copy(privateKey, 32 - scalar.length);
  return {
    publicKey: curve.getPublicKey().toString('base64url'),
    privateKey: privateKey.toString('base64url'),
  };
}

function parsed(value: string): VapidKeyPair {
  const { publicKey, privateKey } = JSON.parse(value) as Partial<VapidKeyPair>;
  if (typeof publicKey !== 'string' || typeof privateKey !== 'string') {
    throw new Error(`server secret ${SECRET_NAME} is not a VAPID key pair`);
  }
  return { publicKey, privateKey };
}

/**
 * The VAPID keys, made by the first process that needs them and kept in `server_secrets`, so
 * every process of a PostgreSQL deployment signs with one pair, and a restart keeps the phones'
 * subscriptions (made for this public key) working. Read once a process.
 */
export function vapidKeys(db: Kysely<DB>) {
  let pair: Promise<VapidKeyPair> | undefined;

  async function load(): Promise<VapidKeyPair> {
    // A process starting alongside may store its own first: whichever is kept is read back.
    await db
      .insertInto('serverSecrets')
      .values({ name: SECRET_NAME, value: JSON.stringify(freshPair()) })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute();
    const row = await db
      .selectFrom('serverSecrets')
      .select('value')
      .where('name', '=', SECRET_NAME)
      .executeTakeFirst();
    if (!row) throw new Error(`server secret ${SECRET_NAME} could not be stored`);
    return parsed(row.value);
  }

  return {
    get(): Promise<VapidKeyPair> {
      pair ??= load().catch((error: unknown) => {
        pair = undefined;
        throw error;
      });
      return pair;
    },
  };
}

export type VapidKeys = ReturnType<typeof vapidKeys>;
