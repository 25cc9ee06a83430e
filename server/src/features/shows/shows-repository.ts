import type { Kysely } from 'kysely';
import type { Show, ShowStatus, StartShowData, UpdateShowData } from '#shared/schemas/show.ts';
import type { DB } from '#server/db/tables.ts';
import { countRequestsByShow, NO_REQUESTS } from './show-counts.ts';
import { toShow, type ShowRow } from './show-mapper.ts';

export function showsRepository(db: Kysely<DB>) {
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
      const row = await db
        .selectFrom('shows')
        .selectAll()
        .where('musicianId', '=', musicianId)
        .where('status', '=', 'active')
        .executeTakeFirst();
      return oneWithCounts(musicianId, row);
    },

    async list(musicianId: string): Promise<Show[]> {
      const rows = await db
        .selectFrom('shows')
        .selectAll()
        .where('musicianId', '=', musicianId)
        .orderBy('date', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return withCounts(musicianId, rows);
    },

    async findOwned(musicianId: string, showId: string): Promise<Show | undefined> {
      const row = await db
        .selectFrom('shows')
        .selectAll()
        .where('musicianId', '=', musicianId)
        .where('id', '=', showId)
        .executeTakeFirst();
      return oneWithCounts(musicianId, row);
    },

    /** Fails with a unique violation on shows_one_active_per_musician if one is running. */
    async insertActive(musicianId: string, data: StartShowData): Promise<Show> {
      const row = await db
        .insertInto('shows')
        .values({
          musicianId,
          name: data.name,
          venueName: data.venue_name,
          venueAddress: data.venue_address,
          performedOn: data.performed_on,
          status: 'active',
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toShow(row, NO_REQUESTS);
    },

    /** Changes only the fields given; undefined when the show is not this musician's. */
    async update(
      musicianId: string,
      showId: string,
      changes: UpdateShowData,
    ): Promise<Show | undefined> {
      const row = await db
        .updateTable('shows')
        // Kysely leaves out a column whose value is undefined.
        .set({
          name: changes.name,
          venueName: changes.venue_name,
          venueAddress: changes.venue_address,
          performedOn: changes.performed_on,
          updatedAt: new Date(),
        })
        .where('musicianId', '=', musicianId)
        .where('id', '=', showId)
        .returningAll()
        .executeTakeFirst();
      return oneWithCounts(musicianId, row);
    },

    /** A show made active again (restored) is running from now on: it has no stop time. */
    async setStatus(
      musicianId: string,
      showId: string,
      status: ShowStatus,
    ): Promise<Show | undefined> {
      const now = new Date();
      const row = await db
        .updateTable('shows')
        .set({ status, updatedAt: now, stoppedAt: status === 'active' ? null : now })
        .where('musicianId', '=', musicianId)
        .where('id', '=', showId)
        .where('status', '!=', status)
        .returningAll()
        .executeTakeFirst();
      return oneWithCounts(musicianId, row);
    },

    /** Deletes the show and its requests (by cascade); returns the deleted requests' ids. */
    async delete(musicianId: string, showId: string): Promise<string[] | undefined> {
      return db.transaction().execute(async (trx) => {
        const requestIds = await trx
          .selectFrom('requests')
          .select('id')
          .where('musicianId', '=', musicianId)
          .where('showId', '=', showId)
          .execute();
        const deleted = await trx
          .deleteFrom('shows')
          .where('musicianId', '=', musicianId)
          .where('id', '=', showId)
          .returning('id')
          .executeTakeFirst();
        return deleted ? requestIds.map((row) => row.id) : undefined;
      });
    },
  };
}

export type ShowsRepository = ReturnType<typeof showsRepository>;
