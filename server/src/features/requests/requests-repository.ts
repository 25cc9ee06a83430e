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

/** A row of the requests table as raw SQL returns it (snake_case, numeric as text). */
interface InsertedRow {
  id: string;
  song_id: string | null;
  show_id: string | null;
  song_title: string;
  song_artist: string;
  requester_name: string;
  requester_email: string;
  dedication: string;
  status: SongRequest['status'];
  tip_amount: string | number;
  tip_clicked: boolean;
  created_at: Date | string;
  updated_at: Date | string;
}

function fromInsertedRow(row: InsertedRow, showName: string | null): SongRequest {
  return {
    id: row.id,
    song_id: row.song_id,
    song_title: row.song_title,
    song_artist: row.song_artist,
    requester_name: row.requester_name,
    requester_email: row.requester_email,
    dedication: row.dedication,
    status: row.status,
    tip_amount: Number(row.tip_amount),
    tip_clicked: row.tip_clicked,
    social_clicks: [],
    show_id: row.show_id,
    show_name: row.show_id ? showName : null,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
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
  const selectRequests = () =>
    db.select(requestColumns).from(requests).leftJoin(shows, eq(shows.id, requests.showId));

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

    async findById(requestId: string): Promise<SongRequest | undefined> {
      const [row] = await selectRequests().where(eq(requests.id, requestId));
      return row && toSongRequest(row);
    },

    async musicianOf(requestId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ musicianId: requests.musicianId })
        .from(requests)
        .where(eq(requests.id, requestId));
      return row?.musicianId;
    },

    /** The song a request is for, whether it may be requested, and the show running now. */
    async requestableSong(songId: string) {
      const [row] = await db
        .select({
          musicianId: songs.musicianId,
          title: songs.title,
          artist: songs.artist,
          hidden: songs.hidden,
          requestsEnabled: musicians.requestsEnabled,
          activeShowId: shows.id,
          activeShowName: shows.name,
        })
        .from(songs)
        .innerJoin(musicians, eq(musicians.id, songs.musicianId))
        .leftJoin(shows, and(eq(shows.musicianId, songs.musicianId), eq(shows.status, 'active')))
        .where(eq(songs.id, songId));
      return row;
    },

    /**
     * Inserts the request and counts it on its song in one statement (so atomically, and in one
     * round trip: this is the hot path of a show). With an idempotency key already used, nothing is
     * written and the first request is returned instead.
     */
    async insert(
      values: NewRequest,
      showName: string | null,
    ): Promise<{ request: SongRequest; created: boolean }> {
      const result = await db.execute(sql`
        WITH inserted AS (
          INSERT INTO ${requests} (musician_id, song_id, show_id, song_title, song_artist,
            requester_name, requester_email, dedication, tip_amount, idempotency_key)
          VALUES (${values.musicianId}, ${values.songId}, ${values.showId}, ${values.songTitle},
            ${values.songArtist}, ${values.requesterName}, ${values.requesterEmail},
            ${values.dedication}, ${values.tipAmount}, ${values.idempotencyKey})
          ON CONFLICT (musician_id, idempotency_key) DO NOTHING
          RETURNING *
        ), counted AS (
          UPDATE ${songs} SET request_count = request_count + 1
          WHERE id IN (SELECT song_id FROM inserted)
        )
        SELECT * FROM inserted`);
      const [row] = (result as unknown as { rows: InsertedRow[] }).rows;
      if (row) return { request: fromInsertedRow(row, showName), created: true };

      const [existing] = await selectRequests().where(
        and(
          eq(requests.musicianId, values.musicianId),
          eq(requests.idempotencyKey, values.idempotencyKey ?? ''),
        ),
      );
      if (!existing) throw new Error('idempotent request insert found nothing');
      return { request: toSongRequest(existing), created: false };
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
