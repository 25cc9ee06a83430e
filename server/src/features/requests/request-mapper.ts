import type { RequestStatusView } from '#shared/schemas/audience.ts';
import type { SongRequest } from '#shared/schemas/request.ts';

export type RequestRow = Omit<SongRequest, 'created_at' | 'updated_at'> & {
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

/** A row of the requests table as JSON from raw SQL (snake_case; numeric may come as text). */
export interface InsertedRow {
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

export function fromInsertedRow(row: InsertedRow, showName: string | null): SongRequest {
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

/** The fields a requester may see of their own request, from a row or from a SongRequest. */
export type RequestStatusSource = Pick<
  SongRequest,
  'id' | 'song_title' | 'song_artist' | 'status'
> & {
  updated_at: Date | string;
};

/** Built field by field, so nothing personal a source carries can ride along. */
export function toRequestStatusView(source: RequestStatusSource): RequestStatusView {
  return {
    id: source.id,
    song_title: source.song_title,
    song_artist: source.song_artist,
    status: source.status,
    updated_at: new Date(source.updated_at).toISOString(),
  };
}
