import { eq, lt } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { oidcSignups } from '#server/db/schema.ts';

export type OidcSignupRow = typeof oidcSignups.$inferSelect;
type NewOidcSignup = Pick<
  OidcSignupRow,
  'tokenHash' | 'issuer' | 'subject' | 'email' | 'expiresAt'
>;

/** First sign-ins waiting for a stage name, each under the hash of its one-time token. */
export function oidcSignupsRepository(db: Db) {
  return {
    async insert(values: NewOidcSignup): Promise<void> {
      await db.insert(oidcSignups).values(values);
    },

    /** The live signup of this token, left in place so a rejected name can be tried again. */
    async findLive(tokenHash: string, now = new Date()): Promise<OidcSignupRow | undefined> {
      const [row] = await db.select().from(oidcSignups).where(eq(oidcSignups.tokenHash, tokenHash));
      return row && row.expiresAt > now ? row : undefined;
    },

    /** Uses the signup up; false if another request used it first. */
    async remove(id: string): Promise<boolean> {
      const rows = await db
        .delete(oidcSignups)
        .where(eq(oidcSignups.id, id))
        .returning({ id: oidcSignups.id });
      return rows.length > 0;
    },

    /** Deletes signups that expired before `before` (nobody chose a name); returns how many. */
    async deleteExpiredBefore(before: Date): Promise<number> {
      const rows = await db
        .delete(oidcSignups)
        .where(lt(oidcSignups.expiresAt, before))
        .returning({ id: oidcSignups.id });
      return rows.length;
    },
  };
}

export type OidcSignupsRepository = ReturnType<typeof oidcSignupsRepository>;
