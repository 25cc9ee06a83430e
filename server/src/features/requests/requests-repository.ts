import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { RequestStatus, SongRequest } from '../../../../shared/src/schemas/request.ts';
import type { Db } from '../../db/database.ts';
import { musicians, requestClicks, requests, shows, songs } from '../../db/schema.ts';

/** The columns of a request as the API shows it: with its show's name and its social clicks. */
const requestColumns = {
  id: requests.id,
  song_id: requests.songId,
  song_title: requests.songTitle,
  song_artist: requests.songArtist,
  requester_name: requests.requesterName,
  requester_email: requests.requesterEmail,
  dedication: requests.dedication,
  status: requests.status,
  tip_amount: requests.tipAmount,
  tip_clicked: requests.tipClicked,
  social_clicks: sql<string[]>`coalesce((
    select array_agg(${requestClicks.platform} order by ${requestClicks.createdAt})
    from ${requestClicks}
    where ${requestClicks.requestId} = ${requests.id} and ${requestClicks.type} = 'social'
  ), '{}')`,
  show_id: requests.showId,
  show_name: shows.name,
  created_at: requests.createdAt,
  updated_at: requests.updatedAt,
};

type RequestRow = Omit<SongRequest, 'created_at' | 'updated_at'> & {
  created_at: Date;
  updated_at: Date;
};

export function toSongRequest(row: RequestRow): SongRequest {
  return {
    ...row,
    tip_amount: Number(row.tip_amount),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export interface NewRequest {
  musicianId: string;
  songId: string;
  songTitle: string;
  songArtist: string;
  requesterName: string;
  requesterEmail: string;
  dedication: string;
  tipAmount: number;
  showId: string | null;
  idempotencyKey: string | null;
}

export function requestsRepository(db: Db) {
  const selectRequests = (executor: Db = db) =>
    executor.select(requestColumns).from(requests).leftJoin(shows, eq(shows.id, requests.showId));

  return {
    async listForMusician(musicianId: string): Promise<SongRequest[]> {
      const rows = await selectRequests()
        .where(eq(requests.musicianId, musicianId))
        .orderBy(desc(requests.createdAt), desc(requests.id));
      return rows.map(toSongRequest);
    },

    async findOwned(musicianId: string, requestId: string): Promise<SongRequest | undefined> {
      const [row] = await selectRequests().where(
        and(eq(requests.musicianId, musicianId), eq(requests.id, requestId)),
      );
      return row && toSongRequest(row);
    },

    async findById(requestId: string, executor: Db = db): Promise<SongRequest | undefined> {
      const [row] = await selectRequests(executor).where(eq(requests.id, requestId));
      return row && toSongRequest(row);
    },

    async musicianOf(requestId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ musicianId: requests.musicianId })
        .from(requests)
        .where(eq(requests.id, requestId));
      return row?.musicianId;
    },

    /** The song a request is for, with what decides whether it may be requested. */
    async requestableSong(songId: string) {
      const [row] = await db
        .select({
          musicianId: songs.musicianId,
          title: songs.title,
          artist: songs.artist,
          hidden: songs.hidden,
          requestsEnabled: musicians.requestsEnabled,
        })
        .from(songs)
        .innerJoin(musicians, eq(musicians.id, songs.musicianId))
        .where(eq(songs.id, songId));
      return row;
    },

    /**
     * Inserts the request and counts it on its song, in one transaction. With an idempotency key
     * already used, nothing is written and the first request is returned instead.
     */
    async insert(values: NewRequest): Promise<{ request: SongRequest; created: boolean }> {
      return db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(requests)
          .values(values)
          .onConflictDoNothing({ target: [requests.musicianId, requests.idempotencyKey] })
          .returning({ id: requests.id });
        if (inserted) {
          await tx
            .update(songs)
            .set({ requestCount: sql`${songs.requestCount} + 1` })
            .where(eq(songs.id, values.songId));
        }
        const id =
          inserted?.id ??
          (
            await tx
              .select({ id: requests.id })
              .from(requests)
              .where(
                and(
                  eq(requests.musicianId, values.musicianId),
                  eq(requests.idempotencyKey, values.idempotencyKey ?? ''),
                ),
              )
          )[0]?.id;
        const request = id ? await this.findById(id, tx as unknown as Db) : undefined;
        if (!request) throw new Error('request vanished inside its own transaction');
        return { request, created: Boolean(inserted) };
      });
    },

    /** Moves the status only if the request is still in one of `from`; returns it if moved. */
    async moveStatus(
      musicianId: string,
      requestId: string,
      from: readonly RequestStatus[],
      to: RequestStatus,
    ): Promise<boolean> {
      if (from.length === 0) return false;
      const rows = await db
        .update(requests)
        .set({ status: to, updatedAt: new Date() })
        .where(
          and(
            eq(requests.musicianId, musicianId),
            eq(requests.id, requestId),
            inArray(requests.status, [...from]),
          ),
        )
        .returning({ id: requests.id });
      return rows.length > 0;
    },

    async delete(musicianId: string, requestId: string): Promise<boolean> {
      const rows = await db
        .delete(requests)
        .where(and(eq(requests.musicianId, musicianId), eq(requests.id, requestId)))
        .returning({ id: requests.id });
      return rows.length > 0;
    },

    async addClick(requestId: string, type: 'tip' | 'social', platform: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(requestClicks).values({ requestId, type, platform });
        await tx
          .update(requests)
          .set({ updatedAt: new Date(), ...(type === 'tip' ? { tipClicked: true } : {}) })
          .where(eq(requests.id, requestId));
      });
    },
  };
}

export type RequestsRepository = ReturnType<typeof requestsRepository>;
