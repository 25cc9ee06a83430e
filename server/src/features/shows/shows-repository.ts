import { and, desc, eq, ne } from 'drizzle-orm';
import type { Show, ShowStatus, StartShowData, UpdateShowData } from '#shared/schemas/show.ts';
import type { Db } from '#server/db/database.ts';
import { requests, shows } from '#server/db/schema.ts';
import { toShow } from './show-mapper.ts';

export function showsRepository(db: Db) {
  const owned = (musicianId: string, showId: string) =>
    and(eq(shows.musicianId, musicianId), eq(shows.id, showId));

  return {
    async findActive(musicianId: string): Promise<Show | undefined> {
      const [row] = await db
        .select()
        .from(shows)
        .where(and(eq(shows.musicianId, musicianId), eq(shows.status, 'active')));
      return row && toShow(row);
    },

    async list(musicianId: string): Promise<Show[]> {
      const rows = await db
        .select()
        .from(shows)
        .where(eq(shows.musicianId, musicianId))
        .orderBy(desc(shows.date), desc(shows.id));
      return rows.map(toShow);
    },

    async findOwned(musicianId: string, showId: string): Promise<Show | undefined> {
      const [row] = await db.select().from(shows).where(owned(musicianId, showId));
      return row && toShow(row);
    },

    /** Fails with a unique violation on shows_one_active_per_musician if one is running. */
    async insertActive(musicianId: string, data: StartShowData): Promise<Show> {
      const [row] = await db
        .insert(shows)
        .values({
          musicianId,
          name: data.name,
          venueName: data.venue_name,
          venueAddress: data.venue_address,
          performedOn: data.performed_on,
          status: 'active',
        })
        .returning();
      return toShow(row!);
    },

    /** Changes only the fields given; undefined when the show is not this musician's. */
    async update(
      musicianId: string,
      showId: string,
      changes: UpdateShowData,
    ): Promise<Show | undefined> {
      const [row] = await db
        .update(shows)
        .set({
          ...(changes.name !== undefined ? { name: changes.name } : {}),
          ...(changes.venue_name !== undefined ? { venueName: changes.venue_name } : {}),
          ...(changes.venue_address !== undefined ? { venueAddress: changes.venue_address } : {}),
          ...(changes.performed_on !== undefined ? { performedOn: changes.performed_on } : {}),
          updatedAt: new Date(),
        })
        .where(owned(musicianId, showId))
        .returning();
      return row && toShow(row);
    },

    /** A show made active again (restored) is running from now on: it has no stop time. */
    async setStatus(
      musicianId: string,
      showId: string,
      status: ShowStatus,
    ): Promise<Show | undefined> {
      const now = new Date();
      const [row] = await db
        .update(shows)
        .set({ status, updatedAt: now, stoppedAt: status === 'active' ? null : now })
        .where(and(owned(musicianId, showId), ne(shows.status, status)))
        .returning();
      return row && toShow(row);
    },

    /** Deletes the show and its requests (by cascade); returns the deleted requests' ids. */
    async delete(musicianId: string, showId: string): Promise<string[] | undefined> {
      return db.transaction(async (tx) => {
        const requestIds = await tx
          .select({ id: requests.id })
          .from(requests)
          .where(and(eq(requests.musicianId, musicianId), eq(requests.showId, showId)));
        const deleted = await tx.delete(shows).where(owned(musicianId, showId)).returning();
        return deleted.length > 0 ? requestIds.map((row) => row.id) : undefined;
      });
    },
  };
}

export type ShowsRepository = ReturnType<typeof showsRepository>;
