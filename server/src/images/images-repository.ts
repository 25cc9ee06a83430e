import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB, ImagesTable } from '#server/db/tables.ts';

export type ImageRow = Selectable<ImagesTable>;
export type NewImage = Insertable<ImagesTable>;

/** Uploaded images: the bytes served at /api/images/{id}.{ext}. */
export function imagesRepository(db: Kysely<DB>) {
  return {
    async find(id: string): Promise<ImageRow | undefined> {
      return db.selectFrom('images').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async insert(trx: Kysely<DB>, image: NewImage): Promise<void> {
      await trx.insertInto('images').values(image).execute();
    },

    /** Deletes the musician's images except those still in use (replaced or removed ones). */
    async deleteUnused(trx: Kysely<DB>, musicianId: string, inUse: string[]): Promise<void> {
      await trx
        .deleteFrom('images')
        .where('musicianId', '=', musicianId)
        .$if(inUse.length > 0, (query) => query.where('id', 'not in', inUse))
        .execute();
    },
  };
}

export type ImagesRepository = ReturnType<typeof imagesRepository>;
