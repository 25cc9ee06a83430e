import { and, desc, eq, ne } from 'drizzle-orm';
import type { Show, ShowStatus, StartShowData, UpdateShowData } from '#shared/schemas/show.ts';
import type { Db } from '#server/db/database.ts';
import { requests, shows } from '#server/db/schema.ts';
import { countRequestsByShow, NO_REQUESTS } from './show-counts.ts';
import { toShow, type ShowRow } from './show-mapper.ts';

export function showsRepository(db: Db) {
  const owned = (musicianId: string, showId: string) =>
    and(eq(shows.musicianId, musicianId), eq(shows.id, showId));

  /** Each show with its request counts (a show just written is counted again: moves change them). */
  async function withCounts(musicianId: string, rows: readonly ShowRow[]): Promise<Show[]> {
    const ids = rows.map((row) => row.id);
    const counts = await countRequestsByShow(db, musicianId, ids);
    return rows.map((row) => toShow(row, counts.get(row.id) ?? NO_REQUESTS));
  }
  const oneWithCounts = async (musicianId: string, row: ShowRow | undefined) =>
    row && (await withCounts(musicianId, [row]))[0];

  return {
    async findActive(musicianId: string): Promise<Show | undefined> {
      const [row] = await db
        .select()
        .from(shows)
        .where(and(eq(shows.musicianId, musicianId), eq(shows.status, 'active')));
      return oneWithCounts(musicianId, row);
    },

    async list(musicianId: string): Promise<Show[]> {
      const rows = await db
        .select()
        .from(shows)
        .where(eq(shows.musicianId, musicianId))
        .orderBy(desc(shows.date), desc(shows.id));
      return withCounts(musicianId, rows);
    },

    async findOwned(musicianId: string, showId: string): Promise<Show | undefined> {
      const [row] = await db.select().from(shows).where(owned(musicianId, showId));
      return oneWithCounts(musicianId, row);
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
      return toShow(row!, NO_REQUESTS);
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
      return oneWithCounts(musicianId, row);
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
      return oneWithCounts(musicianId, row);
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
