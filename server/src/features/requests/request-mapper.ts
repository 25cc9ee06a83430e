import type { RequestStatusView } from '#shared/schemas/audience.ts';
import type {
  CreatedRequest,
  RequestTip,
  RequestVoter,
  SongRequest,
} from '#shared/schemas/request.ts';

/** A +1 as read: numeric as text (or a number), the time a Date (or text). */
export interface VoterRow {
  requester_name: string;
  dedication: string;
  tip_amount: string | number;
  created_at: Date | string;
}

export type RequestRow = Omit<SongRequest, 'created_at' | 'updated_at' | 'voters' | 'played_at'> & {
  created_at: Date;
  updated_at: Date;
  played_at: Date | null;
  voters?: VoterRow[];
  tips?: RequestTip[];
};

function toVoter(row: VoterRow): RequestVoter {
  return {
    requester_name: row.requester_name,
    dedication: row.dedication,
    tip_amount: Number(row.tip_amount),
    created_at: new Date(row.created_at).toISOString(),
  };
}

export function toSongRequest(row: RequestRow): SongRequest {
  return {
    ...row,
    tip_amount: Number(row.tip_amount),
    tip_received: Number(row.tip_received),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    // (SQLite's driver may hand a time back as its stored number: new Date reads both.)
    played_at: row.played_at === null ? null : new Date(row.played_at).toISOString(),
    duration_seconds: row.duration_seconds ?? null,
    votes: row.votes ?? 1,
    voters: (row.voters ?? []).map(toVoter),
    tips: row.tips ?? [],
  };
}

/** The fields a requester may see of their own request, from a row or from a SongRequest. */
export type RequestStatusSource = Pick<
  SongRequest,
  'id' | 'song_title' | 'song_artist' | 'status'
> & {
  updated_at: Date | string;
  queue_position?: number | null;
  payment?: RequestStatusView['payment'];
};

/** Built field by field, so nothing personal a source carries can ride along. */
export function toRequestStatusView(source: RequestStatusSource): RequestStatusView {
  return {
    id: source.id,
    song_title: source.song_title,
    song_artist: source.song_artist,
    status: source.status,
    updated_at: new Date(source.updated_at).toISOString(),
    queue_position: source.queue_position ?? null,
    payment: source.payment ?? null,
  };
}

/** What the phone that filed a request is told of it (its status token is added apart). */
export function toCreatedRequest(request: SongRequest): Omit<CreatedRequest, 'status_token'> {
  return {
    id: request.id,
    song_title: request.song_title,
    song_artist: request.song_artist,
    status: request.status,
    created_at: request.created_at,
  };
}
