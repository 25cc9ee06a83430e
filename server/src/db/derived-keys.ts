import { createHmac, createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from './tables.ts';

/**
 * Values the server must compute again, alike in every process and after a restart, that no one
 * without the database may compute: HMAC-SHA256 under a random secret kept in `server_secrets`.
 * The first process to need it stores one (256 random bits); each process reads it once.
 */
export function derivedKeys(db: Kysely<DB>, name = 'submissions') {
  // A KeyObject, made once: handed a Buffer, createHmac first tries it as a KeyObject and as a
  // CryptoKey by way of exceptions, and imports it (17-21 us a derivation here, against 3-5 us;
  // every audience request runs two).
  let secret: Promise<KeyObject> | undefined;

  async function load(): Promise<KeyObject> {
    const fresh = randomBytes(32).toString('hex');
    // A process starting alongside may store its own first: whichever is kept is read back.
    await db
      .insertInto('serverSecrets')
      .values({ name, value: fresh })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute();
    const row = await db
      .selectFrom('serverSecrets')
      .select('value')
      .where('name', '=', name)
      .executeTakeFirst();
    if (!row) throw new Error(`server secret ${name} could not be stored`);
    return createSecretKey(Buffer.from(row.value, 'hex'));
  }

  return {
    /** The key of `parts` for `purpose` (parts joined by NUL, which none of them may hold). */
    async derive(purpose: string, ...parts: string[]): Promise<Buffer> {
      secret ??= load().catch((error: unknown) => {
        secret = undefined;
        throw error;
      });
      return createHmac('sha256', await secret)
        .update([purpose, ...parts].join('\0'))
        .digest();
    },
  };
}

export type DerivedKeys = ReturnType<typeof derivedKeys>;
