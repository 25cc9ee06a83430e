import type { Requester } from '#shared/schemas/analytics.ts';

/** A requester as the analytics query answers it (timestamps may come as Date or text). */
export interface RequesterRow {
  requester_name: string;
  email: string;
  request_count: number;
  total_tips: number | string;
  first_request_at: Date | string;
  last_request_at: Date | string;
}

export function toRequester(row: RequesterRow): Requester {
  return {
    requester_name: row.requester_name,
    email: row.email,
    request_count: Number(row.request_count),
    total_tips: Number(row.total_tips),
    first_request_at: new Date(row.first_request_at).toISOString(),
    last_request_at: new Date(row.last_request_at).toISOString(),
  };
}
