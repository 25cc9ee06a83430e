import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { RequestStatusView } from '#shared/schemas/audience.ts';
import type { RequestStatus, SongRequest } from '#shared/schemas/request.ts';
import type { Db } from '#server/db/database.ts';
import { musicians, requestClicks, requests, shows, songs } from '#server/db/schema.ts';
import {
  fromInsertedRow,
  toRequestStatusView,
  toSongRequest,
  type InsertedRow,
} from './request-mapper.ts';

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

interface Submission {
  songId: string;
  requesterName: string;
  requesterEmail: string;
  dedication: string;
  tipAmount: number;
  idempotencyKey: string | null;
  statusTokenHash: string;
}

interface SubmitResult {
  musicianId: string;
  hidden: boolean;
  requestsEnabled: boolean;
  /** The new request; null when refused or when the idempotency key was already used. */
  request: SongRequest | null;
}

interface SubmitRow {
  owner_id: string;
  song_hidden: boolean;
  owner_accepts: boolean;
  active_show_name: string | null;
  inserted: InsertedRow | null;
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

    /**
     * Files an audience request in ONE statement (this is the hot path of a show): it finds the
     * song, its musician and the running show, inserts the request unless the song is hidden or
     * the musician has requests off, and counts it on the song. With an idempotency key already
     * used, nothing is written and `request` is null: the caller fetches the first one.
     */
    async submit(submission: Submission): Promise<SubmitResult | undefined> {
      const result = await db.execute(sql`
        WITH song AS (
          SELECT s.id, s.musician_id, s.title, s.artist, s.hidden, m.requests_enabled,
            sh.id AS show_id, sh.name AS show_name
          FROM ${songs} s
          JOIN ${musicians} m ON m.id = s.musician_id
          LEFT JOIN ${shows} sh ON sh.musician_id = s.musician_id AND sh.status = 'active'
          WHERE s.id = ${submission.songId}
        ), inserted AS (
          INSERT INTO ${requests} (musician_id, song_id, show_id, song_title, song_artist,
            requester_name, requester_email, dedication, tip_amount, idempotency_key,
            status_token_hash)
          SELECT musician_id, id, show_id, title, artist, ${submission.requesterName}::text,
            ${submission.requesterEmail}::text, ${submission.dedication}::text,
            ${submission.tipAmount}::numeric, ${submission.idempotencyKey}::text,
            ${submission.statusTokenHash}::text
          FROM song
          WHERE NOT hidden AND requests_enabled
          ON CONFLICT (musician_id, idempotency_key) DO NOTHING
          RETURNING *
        ), counted AS (
          UPDATE ${songs} SET request_count = request_count + 1
          WHERE id IN (SELECT song_id FROM inserted)
        )
        SELECT song.musician_id AS owner_id, song.hidden AS song_hidden,
          song.requests_enabled AS owner_accepts, song.show_name AS active_show_name,
          to_jsonb(inserted.*) AS inserted
        FROM song LEFT JOIN inserted ON true`);
      const [row] = (result as unknown as { rows: SubmitRow[] }).rows;
      if (!row) return undefined;
      return {
        musicianId: row.owner_id,
        hidden: row.song_hidden,
        requestsEnabled: row.owner_accepts,
        request: row.inserted && fromInsertedRow(row.inserted, row.active_show_name),
      };
    },

    /**
     * The request a used Idempotency-Key filed, with a fresh status token: the retry means the
     * first answer (and its token) never arrived, so the new token replaces the old one.
     */
    async reissueStatusToken(
      musicianId: string,
      key: string,
      statusTokenHash: string,
    ): Promise<SongRequest | undefined> {
      const [updated] = await db
        .update(requests)
        .set({ statusTokenHash })
        .where(and(eq(requests.musicianId, musicianId), eq(requests.idempotencyKey, key)))
        .returning({ id: requests.id });
      if (!updated) return undefined;
      const [row] = await selectRequests().where(eq(requests.id, updated.id));
      return row && toSongRequest(row);
    },

    /** The requester's view of the requests these token hashes follow (unknown ones are left out). */
    async statusViews(tokenHashes: string[]): Promise<RequestStatusView[]> {
      if (tokenHashes.length === 0) return [];
      const rows = await db
        .select({
          id: requests.id,
          song_title: requests.songTitle,
          song_artist: requests.songArtist,
          status: requests.status,
          updated_at: requests.updatedAt,
        })
        .from(requests)
        .where(inArray(requests.statusTokenHash, tokenHashes));
      return rows.map(toRequestStatusView);
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

    /**
     * Records a tip or social tap once per request, type and platform; true when it was new.
     * A phone tapping Venmo twenty times changes nothing after the first.
     */
    async addClick(requestId: string, type: 'tip' | 'social', platform: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(requestClicks)
          .values({ requestId, type, platform })
          .onConflictDoNothing()
          .returning({ id: requestClicks.id });
        if (inserted.length === 0) return false;
        await tx
          .update(requests)
          .set({ updatedAt: new Date(), ...(type === 'tip' ? { tipClicked: true } : {}) })
          .where(eq(requests.id, requestId));
        return true;
      });
    },
  };
}

export type RequestsRepository = ReturnType<typeof requestsRepository>;
