import { and, eq, notInArray } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { images } from '#server/db/schema.ts';

export type ImageRow = typeof images.$inferSelect;
export type NewImage = typeof images.$inferInsert;

/** Uploaded images: the bytes served at /api/images/{id}.{ext}. */
export function imagesRepository(db: Db) {
  return {
    async find(id: string): Promise<ImageRow | undefined> {
      const [row] = await db.select().from(images).where(eq(images.id, id));
      return row;
    },

    async insert(tx: Db, image: NewImage): Promise<void> {
      await tx.insert(images).values(image);
    },

    /** Deletes the musician's images except those still in use (replaced or removed ones). */
    async deleteUnused(tx: Db, musicianId: string, inUse: string[]): Promise<void> {
      await tx
        .delete(images)
        .where(
          inUse.length > 0
            ? and(eq(images.musicianId, musicianId), notInArray(images.id, inUse))
            : eq(images.musicianId, musicianId),
        );
    },
  };
}

export type ImagesRepository = ReturnType<typeof imagesRepository>;
