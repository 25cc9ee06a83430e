import type { Insertable, Kysely } from 'kysely';
import type { DB, DesignSettingsTable } from '#server/db/tables.ts';
import { imageIdOf } from '#server/images/image-url.ts';
import type { ImagesRepository, NewImage } from '#server/images/images-repository.ts';
import type { DesignRow } from './design-mapper.ts';

export type DesignChanges = Partial<Omit<Insertable<DesignSettingsTable>, 'musicianId'>>;

/** The audience page's look, one row per musician (none until the musician saves a design). */
export function designRepository(db: Kysely<DB>, images: ImagesRepository) {
  return {
    async find(musicianId: string): Promise<DesignRow | undefined> {
      return db
        .selectFrom('designSettings')
        .selectAll()
        .where('musicianId', '=', musicianId)
        .executeTakeFirst();
    },

    /**
     * Saves the changes and the new images in one transaction, then deletes the musician's
     * images the saved design no longer shows (replaced or removed): read from the row as
     * written, so two saves at once never leave an orphan or delete an image in use.
     */
    async save(musicianId: string, changes: DesignChanges, newImages: NewImage[]) {
      return db.transaction().execute(async (trx) => {
        for (const image of newImages) await images.insert(trx, image);
        const saved = await trx
          .insertInto('designSettings')
          .values({ musicianId, ...changes })
          .onConflict((conflict) =>
            conflict.column('musicianId').doUpdateSet({ ...changes, updatedAt: new Date() }),
          )
          .returningAll()
          .executeTakeFirstOrThrow();
        const inUse = [imageIdOf(saved.artistPhoto), imageIdOf(saved.bannerImage)].filter(
          (id): id is string => id !== undefined,
        );
        await images.deleteUnused(trx, musicianId, inUse);
        return saved;
      });
    },
  };
}

export type DesignRepository = ReturnType<typeof designRepository>;
