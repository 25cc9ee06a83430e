import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { DB } from '#server/db/tables.ts';
import type { MusicianRow } from '#server/musicians/musician-mapper.ts';

type Musicians = ExpressionBuilder<DB, 'musicians'>;

/** A time an aggregate read (no declared type: a Date on PostgreSQL, milliseconds on SQLite). */
const timeOf = (value: Date | number | string | null | undefined): Date | null =>
  value === null || value === undefined ? null : new Date(value);

/** The window time `column` has passed by `now` and is later than the last one announced. */
function passedUnannounced(
  eb: Musicians,
  column: 'requestsOpenAt' | 'requestsCloseAt',
  now: Date,
): Expression<SqlBool> {
  return eb.and([
    eb(column, '<=', now),
    eb.or([
      eb('requestsWindowAnnouncedAt', 'is', null),
      eb(column, '>', eb.ref('requestsWindowAnnouncedAt')),
    ]),
  ]);
}

const passed = (now: Date) => (eb: Musicians) =>
  eb.or([
    passedUnannounced(eb, 'requestsOpenAt', now),
    passedUnannounced(eb, 'requestsCloseAt', now),
  ]);

/** The request windows' times, for the scheduler that announces their switches. */
export function requestWindowsRepository(db: Kysely<DB>) {
  return {
    /** The soonest window time (open or close) after `now`, of any musician. */
    async nextTime(now: Date): Promise<Date | null> {
      const row = await db
        .selectFrom('musicians')
        .select((eb) => [
          eb.fn.min('requestsOpenAt').filterWhere('requestsOpenAt', '>', now).as('nextOpen'),
          eb.fn.min('requestsCloseAt').filterWhere('requestsCloseAt', '>', now).as('nextClose'),
        ])
        .where((eb) =>
          eb.or([eb('requestsOpenAt', 'is not', null), eb('requestsCloseAt', 'is not', null)]),
        )
        .executeTakeFirst();
      const times = [timeOf(row?.nextOpen), timeOf(row?.nextClose)].filter(
        (time): time is Date => time !== null,
      );
      return times.length > 0 ? new Date(Math.min(...times.map((time) => time.getTime()))) : null;
    },

    /**
     * Claims the window times passed by `now` and not yet announced, and answers the musicians
     * whose switch it claimed. A conditional update: when several processes claim at once, the
     * row lock makes the others re-read the row, see it announced, and skip it, so each switch
     * is announced by exactly one process. updated_at moves on, past what the rows held when
     * read, so devices apply the push.
     */
    async claimPassed(now: Date): Promise<MusicianRow[]> {
      const latest = await db
        .selectFrom('musicians')
        .select((eb) => eb.fn.max('updatedAt').as('updatedAt'))
        .where(passed(now))
        .executeTakeFirst();
      const latestUpdate = timeOf(latest?.updatedAt);
      if (!latestUpdate) return [];
      const stamp = new Date(Math.max(Date.now(), latestUpdate.getTime() + 1));
      return db
        .updateTable('musicians')
        .set((eb) => ({
          // The later of the two times passed (a time not passed, or none, does not count).
          requestsWindowAnnouncedAt: eb
            .case()
            .when(
              eb.and([
                eb('requestsOpenAt', '<=', now),
                eb.or([
                  eb('requestsCloseAt', 'is', null),
                  eb('requestsCloseAt', '>', now),
                  eb('requestsOpenAt', '>=', eb.ref('requestsCloseAt')),
                ]),
              ]),
            )
            .then(eb.ref('requestsOpenAt'))
            .else(eb.ref('requestsCloseAt'))
            .end(),
          // Never back: a row changed since it was read keeps its later time.
          updatedAt: eb
            .case()
            .when('updatedAt', '<', stamp)
            .then(stamp)
            .else(eb.ref('updatedAt'))
            .end(),
        }))
        .where(passed(now))
        .returningAll()
        .execute();
    },
  };
}

export type RequestWindowsRepository = ReturnType<typeof requestWindowsRepository>;
