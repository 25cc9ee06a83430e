import { type Kysely, sql } from 'kysely';
import type { DB } from '#server/db/tables.ts';
import type { SongRow } from '#server/catalogue/song-mapper.ts';
import { truthOf } from './submission-reads.ts';

// What the songs to ask for instead read (request-alternatives.ts): the song turned down, whether
// its musician takes requests now, and a few candidates of each kind. Every candidate read is one
// musician's songs through songs_musician_created_idx with a LIMIT, and runs only for a request
// turned down: never on the status polls of a waiting one.

/** The song a request was for, as the nearness of others is judged against. */
export interface AlternativesSource {
  musicianId: string;
  /** Null once the song was deleted: only its artist, copied onto the request, is left. */
  songId: string | null;
  artist: string;
  genres: string[];
  year: number | null;
}

/** What decides whether anything is requestable now, and which songs. */
export interface AlternativesGate {
  requestsEnabled: boolean;
  requestsOpenAt: Date | null;
  requestsCloseAt: Date | null;
  /** A public playlist is active: only songs on a public playlist may be asked for. */
  publicSetPlaying: boolean;
}

/** Which songs a candidate read leaves out, and what the musician allows. */
export interface CandidateScope {
  musicianId: string;
  /** The song turned down and the ones the no-repeats rule holds back. */
  excluded: string[];
  publicSetPlaying: boolean;
}

/** The songs of the same decade read before their genres are compared (in JS, see below). */
export const DECADE_CANDIDATES = 100;

export function alternativesRepository(db: Kysely<DB>) {
  /**
   * The musician's songs the audience may request, most requested first. The playlist term is
   * song-requestable.ts's rule spelt in SQL, so that a LIMIT counts only songs that pass it.
   */
  function requestable(scope: CandidateScope) {
    let query = db
      .selectFrom('songs')
      .selectAll('songs')
      .where('songs.musicianId', '=', scope.musicianId)
      .where('songs.hidden', '=', false);
    if (scope.excluded.length > 0) query = query.where('songs.id', 'not in', scope.excluded);
    if (scope.publicSetPlaying) {
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('playlistSongs as ps')
            .innerJoin('playlists as p', 'p.id', 'ps.playlistId')
            .select('ps.songId')
            .whereRef('ps.songId', '=', 'songs.id')
            .where('p.isPublic', '=', true),
        ),
      );
    }
    return query
      .orderBy('songs.requestCount', 'desc')
      .orderBy(sql`lower(${sql.ref('songs.title')})`)
      .orderBy('songs.id');
  }

  return {
    /** The song of a request, by the request's id; undefined for none. */
    async sourceOfRequest(requestId: string): Promise<AlternativesSource | undefined> {
      const row = await db
        .selectFrom('requests as r')
        .leftJoin('songs as s', 's.id', 'r.songId')
        .select(['r.musicianId', 'r.songId', 'r.songArtist', 's.artist', 's.genres', 's.year'])
        .where('r.id', '=', requestId)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        musicianId: row.musicianId,
        songId: row.artist === null ? null : row.songId,
        artist: row.artist ?? row.songArtist,
        genres: row.genres ?? [],
        year: row.year,
      };
    },

    /** One of the musician's songs; undefined for none. */
    async sourceOfSong(musicianId: string, songId: string) {
      const row = await db
        .selectFrom('songs')
        .select(['artist', 'genres', 'year'])
        .where('musicianId', '=', musicianId)
        .where('id', '=', songId)
        .executeTakeFirst();
      return row && ({ musicianId, songId, ...row } satisfies AlternativesSource);
    },

    async gate(musicianId: string): Promise<AlternativesGate | undefined> {
      const row = await db
        .selectFrom('musicians as m')
        .select((eb) => [
          'm.requestsEnabled',
          'm.requestsOpenAt',
          'm.requestsCloseAt',
          eb
            .exists(
              eb
                .selectFrom('playlists as a')
                .select('a.id')
                .whereRef('a.musicianId', '=', 'm.id')
                .where('a.isActive', '=', true)
                .where('a.isPublic', '=', true),
            )
            .as('publicSetPlaying'),
        ])
        .where('m.id', '=', musicianId)
        .executeTakeFirst();
      return row && { ...row, publicSetPlaying: truthOf(row.publicSetPlaying) };
    },

    /** Songs by this artist (ignoring case, as each engine's lower() folds it). */
    bySameArtist: (scope: CandidateScope, artist: string, limit: number): Promise<SongRow[]> =>
      requestable(scope)
        .where(sql`lower(${sql.ref('songs.artist')})`, '=', sql`lower(${artist.trim()})`)
        .limit(limit)
        .execute(),

    /**
     * The most requested songs of the decade starting `decadeStart`. Their genres are compared
     * by the caller: a text array on PostgreSQL and JSON on SQLite, which no one SQL reads.
     */
    ofDecade: (scope: CandidateScope, decadeStart: number): Promise<SongRow[]> =>
      requestable(scope)
        .where('songs.year', '>=', decadeStart)
        .where('songs.year', '<=', decadeStart + 9)
        .limit(DECADE_CANDIDATES)
        .execute(),

    mostRequested: (scope: CandidateScope, limit: number): Promise<SongRow[]> =>
      requestable(scope).limit(limit).execute(),
  };
}

export type AlternativesRepository = ReturnType<typeof alternativesRepository>;
