import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { contactMessages } from '#server/db/schema.ts';
import { secondsUntilFree } from '#server/db/window-wait.ts';

export interface NewContactMessage {
  musicianId: string | null;
  name: string;
  email: string;
  message: string;
}

export function contactRepository(db: Db) {
  return {
    /** Seconds until this email may send one more message; null while under the limit. */
    wait(email: string, windowMinutes: number, max: number): Promise<number | null> {
      const where = sql`lower(r.email) = lower(${email}::text)`;
      return secondsUntilFree(db, [{ table: contactMessages, where }], windowMinutes, max);
    },

    async insert(message: NewContactMessage): Promise<string> {
      const [row] = await db
        .insert(contactMessages)
        .values(message)
        .returning({ id: contactMessages.id });
      return row!.id;
    },
  };
}
