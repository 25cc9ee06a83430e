import type { Kysely, Selectable } from 'kysely';
import type { DB, OidcSignupsTable } from '#server/db/tables.ts';

export type OidcSignupRow = Selectable<OidcSignupsTable>;
type NewOidcSignup = Pick<
  OidcSignupRow,
  'tokenHash' | 'issuer' | 'subject' | 'email' | 'expiresAt'
>;

/** First sign-ins waiting for a stage name, each under the hash of its one-time token. */
export function oidcSignupsRepository(db: Kysely<DB>) {
  return {
    async insert(values: NewOidcSignup): Promise<void> {
      await db.insertInto('oidcSignups').values(values).execute();
    },

    /** The live signup of this token, left in place so a rejected name can be tried again. */
    async findLive(tokenHash: string, now = new Date()): Promise<OidcSignupRow | undefined> {
      const row = await db
        .selectFrom('oidcSignups')
        .selectAll()
        .where('tokenHash', '=', tokenHash)
        .executeTakeFirst();
      return row && row.expiresAt > now ? row : undefined;
    },

    /** Uses the signup up; false if another request used it first. */
    async remove(id: string): Promise<boolean> {
      const result = await db.deleteFrom('oidcSignups').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** Deletes signups that expired before `before` (nobody chose a name); returns how many. */
    async deleteExpiredBefore(before: Date): Promise<number> {
      const result = await db
        .deleteFrom('oidcSignups')
        .where('expiresAt', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type OidcSignupsRepository = ReturnType<typeof oidcSignupsRepository>;
