import type { Kysely } from 'kysely';
import type { DB } from '#server/db/tables.ts';
import { FAIR_TURNS_HOURS } from './fair-turns.ts';
import type { PlayMark } from '#shared/wait-estimate.ts';

// What the wait estimate reads (shared/src/wait-estimate.ts): the lengths of the songs ahead of a request,
// and tonight's Played marks. "Tonight" is the same span the fair order counts turns in.

export interface WaitInputs {
  /** The catalogue length of each song ahead (null: not known, or a song since deleted). */
  ahead: (number | null)[];
  plays: PlayMark[];
}

export function waitEstimateRepository(db: Kysely<DB>) {
  return {
    /** Undefined when the request is not in the queue (played, rejected, blocked or gone). */
    async waitInputs(requestId: string, now: Date): Promise<WaitInputs | undefined> {
      const request = await db
        .selectFrom('requests')
        .select(['musicianId', 'status', 'queuePosition', 'blocked'])
        .where('id', '=', requestId)
        .executeTakeFirst();
      if (!request || request.blocked || request.queuePosition === null) return undefined;
      const position = request.queuePosition;
      const upNext = request.status === 'up_next';
      // Ahead: Up Next before it; for a waiting request, all of Up Next and the waiting before it.
      const ahead = await db
        .selectFrom('requests as r')
        .leftJoin('songs as s', 's.id', 'r.songId')
        .select('s.durationSeconds')
        .where('r.musicianId', '=', request.musicianId)
        .where('r.blocked', '=', false)
        .where('r.queuePosition', 'is not', null)
        .where((eb) =>
          upNext
            ? eb.and([eb('r.status', '=', 'up_next'), eb('r.queuePosition', '<', position)])
            : eb.or([
                eb('r.status', '=', 'up_next'),
                eb.and([
                  eb('r.status', 'in', ['pending', 'accepted']),
                  eb('r.queuePosition', '<', position),
                ]),
              ]),
        )
        .execute();
      const since = new Date(now.getTime() - FAIR_TURNS_HOURS * 3_600_000);
      const plays = await db
        .selectFrom('requests as r')
        .leftJoin('songs as s', 's.id', 'r.songId')
        .select(['r.playedAt', 's.durationSeconds'])
        .where('r.musicianId', '=', request.musicianId)
        .where('r.status', '=', 'played')
        .where('r.playedAt', '>=', since)
        .execute();
      return {
        ahead: ahead.map((row) => row.durationSeconds),
        plays: plays.map((row) => ({
          playedAt: row.playedAt!,
          durationSeconds: row.durationSeconds,
        })),
      };
    },
  };
}

export type WaitEstimateRepository = ReturnType<typeof waitEstimateRepository>;
