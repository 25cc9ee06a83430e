import type { Show } from '#shared/schemas/show.ts';
import type { Show as ShowRow } from '#server/db/tables.ts';
import type { ShowCounts } from './show-counts.ts';

export type { ShowRow };

export function toShow(row: ShowRow, counts: ShowCounts): Show {
  return {
    id: row.id,
    name: row.name,
    date: row.date.toISOString(),
    status: row.status,
    venue_name: row.venueName,
    venue_address: row.venueAddress,
    performed_on: row.performedOn,
    updated_at: row.updatedAt.toISOString(),
    request_count: counts.requestCount,
    played_count: counts.playedCount,
  };
}
