import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { contactMessages } from '#server/db/schema.ts';

export interface NewContactMessage {
  musicianId: string | null;
  name: string;
  email: string;
  message: string;
}

export function contactRepository(db: Db) {
  return {
    /** Seconds until each of this email's newest `max` messages leaves the window, newest first. */
    async recentByEmail(email: string, windowMinutes: number, max: number): Promise<number[]> {
      const window = sql`make_interval(mins => ${windowMinutes}::int)`;
      const result = await db.execute(sql`
        SELECT extract(epoch FROM (created_at + ${window} - now())) AS frees_in
        FROM ${contactMessages}
        WHERE created_at > now() - ${window} AND lower(email) = lower(${email}::text)
        ORDER BY created_at DESC
        LIMIT ${max}`);
      return (result as unknown as { rows: { frees_in: string | number }[] }).rows.map((row) =>
        Number(row.frees_in),
      );
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
