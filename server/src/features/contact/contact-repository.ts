import type { Kysely } from 'kysely';
import type { DB } from '#server/db/tables.ts';

export interface NewContactMessage {
  musicianId: string | null;
  name: string;
  email: string;
  message: string;
}

export function contactRepository(db: Kysely<DB>) {
  return {
    /**
     * Seconds until this email may send one more message; null while under the limit: at most
     * `max` in the last `windowMinutes`, so one more is allowed once the `max`-th newest leaves
     * the window. Read newest first through the created_at index, `max` rows at most.
     */
    async wait(email: string, windowMinutes: number, max: number): Promise<number | null> {
      const now = Date.now();
      const windowMs = windowMinutes * 60_000;
      const row = await db
        .selectFrom('contactMessages')
        .select('createdAt')
        .where('createdAt', '>', new Date(now - windowMs))
        .where((eb) => eb(eb.fn('lower', ['email']), '=', eb.fn('lower', [eb.val(email)])))
        .orderBy('createdAt', 'desc')
        .limit(1)
        .offset(max - 1)
        .executeTakeFirst();
      return row ? (row.createdAt.getTime() + windowMs - now) / 1000 : null;
    },

    async insert(message: NewContactMessage): Promise<string> {
      const row = await db
        .insertInto('contactMessages')
        .values(message)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
  };
}
