import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { designSettings } from '#server/db/schema.ts';
import { imageIdOf } from '#server/image-store/image-url.ts';
import type { ImagesRepository, NewImage } from '#server/image-store/images-repository.ts';
import type { DesignRow } from './design-mapper.ts';

export type DesignChanges = Partial<Omit<typeof designSettings.$inferInsert, 'musicianId'>>;

/** The audience page's look, one row per musician (none until the musician saves a design). */
export function designRepository(db: Db, images: ImagesRepository) {
  return {
    async find(musicianId: string): Promise<DesignRow | undefined> {
      const [row] = await db
        .select()
        .from(designSettings)
        .where(eq(designSettings.musicianId, musicianId));
      return row;
    },

    /**
     * Saves the changes and the new images in one transaction, then deletes the musician's
     * images the saved design no longer shows (replaced or removed): read from the row as
     * written, so two saves at once never leave an orphan or delete an image in use.
     */
    async save(musicianId: string, changes: DesignChanges, newImages: NewImage[]) {
      return db.transaction(async (tx) => {
        for (const image of newImages) await images.insert(tx, image);
        const [row] = await tx
          .insert(designSettings)
          .values({ musicianId, ...changes })
          .onConflictDoUpdate({
            target: designSettings.musicianId,
            set: { ...changes, updatedAt: new Date() },
          })
          .returning();
        const saved = row!;
        const inUse = [imageIdOf(saved.artistPhoto), imageIdOf(saved.bannerImage)].filter(
          (id): id is string => id !== undefined,
        );
        await images.deleteUnused(tx, musicianId, inUse);
        return saved;
      });
    },
  };
}

export type DesignRepository = ReturnType<typeof designRepository>;
