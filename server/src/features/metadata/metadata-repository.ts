import type { Kysely } from 'kysely';
import type { DB } from '#server/db/tables.ts';

export interface SongToEnrich {
  id: string;
  title: string;
  artist: string;
  genres: string[];
  moods: string[];
  year: number | null;
  songwriter: string;
}

export interface MetadataPatch {
  id: string;
  genres: string[];
  moods: string[];
  year: number | null;
  songwriter: string;
}

/**
 * An empty genre or mood list, compared by value: node-postgres sends it as the array '{}' and
 * SQLite's driver as the JSON '[]', each the form its engine stores an empty list in.
 */
const NONE: string[] = [];
// (A list is passed as eb.val(list): Kysely spells a bare array as an `in`-style list.)

/** Reads and fills song metadata; every statement is scoped to one musician. */
export function metadataRepository(db: Kysely<DB>) {
  return {
    /**
     * The musician's songs missing a genre, a mood or a year, or with `withoutSongwriter` a
     * songwriter (optionally only `songIds`).
     */
    async listIncomplete(
      musicianId: string,
      songIds?: string[],
      withoutSongwriter = false,
    ): Promise<SongToEnrich[]> {
      if (songIds?.length === 0) return [];
      let query = db
        .selectFrom('songs')
        .select(['id', 'title', 'artist', 'genres', 'moods', 'year', 'songwriter'])
        .where('musicianId', '=', musicianId)
        .where((eb) =>
          eb.or([
            eb('genres', '=', eb.val(NONE)),
            eb('moods', '=', eb.val(NONE)),
            eb('year', 'is', null),
            ...(withoutSongwriter ? [eb('songwriter', '=', '')] : []),
          ]),
        );
      if (songIds) query = query.where('id', 'in', songIds);
      return query.orderBy('createdAt').orderBy('id').execute();
    },

    /**
     * Fills only what is still empty, each song in one conditional statement, all in one
     * transaction: a musician's own edit made while the lookups ran is never overwritten.
     */
    async fillMissing(musicianId: string, patches: MetadataPatch[]): Promise<number> {
      if (patches.length === 0) return 0;
      const now = new Date();
      return db.transaction().execute(async (trx) => {
        let updated = 0;
        for (const patch of patches) {
          const result = await trx
            .updateTable('songs')
            .set((eb) => ({
              genres: eb
                .case()
                .when('genres', '=', eb.val(NONE))
                .then(eb.val(patch.genres))
                .else(eb.ref('genres'))
                .end(),
              moods: eb
                .case()
                .when('moods', '=', eb.val(NONE))
                .then(eb.val(patch.moods))
                .else(eb.ref('moods'))
                .end(),
              year: eb.fn.coalesce('year', eb.val(patch.year)),
              songwriter: eb
                .case()
                .when('songwriter', '=', '')
                .then(patch.songwriter)
                .else(eb.ref('songwriter'))
                .end(),
              updatedAt: now,
            }))
            .where('id', '=', patch.id)
            .where('musicianId', '=', musicianId)
            .executeTakeFirst();
          updated += Number(result.numUpdatedRows);
        }
        return updated;
      });
    },
  };
}

export type MetadataRepository = ReturnType<typeof metadataRepository>;
