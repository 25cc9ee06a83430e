import { and, gt, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { musicians } from '#server/db/schema.ts';
import type { MusicianRow } from './musician-mapper.ts';

const announced = sql`coalesce(${musicians.requestsWindowAnnouncedAt}, '-infinity'::timestamptz)`;

/** The request windows' times, for the scheduler that announces their switches. */
export function requestWindowsRepository(db: Db) {
  return {
    /** The soonest window time (open or close) after `now`, of any musician. */
    async nextTime(now: Date): Promise<Date | null> {
      const [row] = await db
        .select({
          next: sql<Date | string | null>`least(
            min(${musicians.requestsOpenAt}) FILTER (WHERE ${musicians.requestsOpenAt} > ${now}),
            min(${musicians.requestsCloseAt}) FILTER (WHERE ${musicians.requestsCloseAt} > ${now}))`,
        })
        .from(musicians)
        .where(or(isNotNull(musicians.requestsOpenAt), isNotNull(musicians.requestsCloseAt)));
      return row?.next ? new Date(row.next) : null;
    },

    /**
     * Claims the window times passed by `now` and not yet announced, and answers the musicians
     * whose switch it claimed. A conditional update: when several processes claim at once, the
     * row lock makes the others re-read the row, see it announced, and skip it, so each switch
     * is announced by exactly one process. updated_at moves on, so devices apply the push.
     */
    async claimPassed(now: Date): Promise<MusicianRow[]> {
      const passedOpen = and(
        lte(musicians.requestsOpenAt, now),
        gt(musicians.requestsOpenAt, announced),
      );
      const passedClose = and(
        lte(musicians.requestsCloseAt, now),
        gt(musicians.requestsCloseAt, announced),
      );
      return db
        .update(musicians)
        .set({
          requestsWindowAnnouncedAt: sql`greatest(
            CASE WHEN ${musicians.requestsOpenAt} <= ${now} THEN ${musicians.requestsOpenAt} END,
            CASE WHEN ${musicians.requestsCloseAt} <= ${now} THEN ${musicians.requestsCloseAt} END)`,
          updatedAt: sql`greatest(now(), ${musicians.updatedAt} + interval '1 millisecond')`,
        })
        .where(or(passedOpen, passedClose))
        .returning();
    },
  };
}

export type RequestWindowsRepository = ReturnType<typeof requestWindowsRepository>;
