import type { Kysely } from 'kysely';
import type { DB, ShowStatus } from '#server/db/tables.ts';

/** A show's public recap lists at most this many songs: a long night, several times over. */
export const RECAP_SONGS_MAX = 300;

export interface RecapShow {
  name: string;
  venueName: string;
  performedOn: string | null;
  date: Date;
  status: ShowStatus;
}

export interface RecapSong {
  songTitle: string;
  songArtist: string;
  playedAt: Date;
}

/**
 * What a show's recap reads: the show, only as one of this musician's, and its played requests
 * in the order they were played. Only the song and the time are selected: nothing of who asked.
 */
export function showRecapRepository(db: Kysely<DB>) {
  return {
    async show(musicianId: string, showId: string): Promise<RecapShow | undefined> {
      return db
        .selectFrom('shows')
        .select(['name', 'venueName', 'performedOn', 'date', 'status'])
        .where('musicianId', '=', musicianId)
        .where('id', '=', showId)
        .executeTakeFirst();
    },

    async played(musicianId: string, showId: string): Promise<RecapSong[]> {
      const rows = await db
        .selectFrom('requests')
        .select(['songTitle', 'songArtist', 'playedAt'])
        .where('showId', '=', showId)
        .where('musicianId', '=', musicianId)
        .where('status', '=', 'played')
        .where('blocked', '=', false)
        .where('playedAt', 'is not', null)
        .orderBy('playedAt')
        .orderBy('id')
        .limit(RECAP_SONGS_MAX)
        .execute();
      return rows.flatMap(({ playedAt, ...song }) => (playedAt ? [{ ...song, playedAt }] : []));
    },
  };
}

export type ShowRecapRepository = ReturnType<typeof showRecapRepository>;
