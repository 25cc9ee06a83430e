import type { Kysely } from 'kysely';
import type { DB } from '#server/db/tables.ts';

export function subscriptionRepository(db: Kysely<DB>) {
  return {
    /** Requests the musician received since `since` (the start of the month). */
    async requestsSince(musicianId: string, since: Date): Promise<number> {
      const row = await db
        .selectFrom('requests')
        .select((eb) =>
          eb
            .cast<number>(eb.fn.coalesce(eb.fn.sum<number>('votes'), eb.lit(0)), 'integer')
            .as('used'),
        )
        .where('musicianId', '=', musicianId)
        .where('createdAt', '>=', since)
        .where('blocked', '=', false)
        .executeTakeFirst();
      // An expression has no declared type: a number on both engines once cast, converted anyway.
      return Number(row?.used ?? 0);
    },
  };
}

export type SubscriptionRepository = ReturnType<typeof subscriptionRepository>;
