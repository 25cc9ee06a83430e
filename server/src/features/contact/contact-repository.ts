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
    async insert(message: NewContactMessage): Promise<string> {
      const [row] = await db
        .insert(contactMessages)
        .values(message)
        .returning({ id: contactMessages.id });
      return row!.id;
    },
  };
}
