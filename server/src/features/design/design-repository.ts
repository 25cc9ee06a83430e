import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { designSettings } from '#server/db/schema.ts';
import type { DesignRow } from './design-mapper.ts';

/** The audience page's look, one row per musician (none until the musician saves a design). */
export function designRepository(db: Db) {
  return {
    async find(musicianId: string): Promise<DesignRow | undefined> {
      const [row] = await db
        .select()
        .from(designSettings)
        .where(eq(designSettings.musicianId, musicianId));
      return row;
    },
  };
}

export type DesignRepository = ReturnType<typeof designRepository>;
