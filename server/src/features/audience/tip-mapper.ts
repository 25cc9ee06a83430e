import type { CreatedTip } from '#shared/schemas/audience.ts';
import type { Tip as TipRow } from '#server/db/tables.ts';

export type { TipRow };

/** The phone's id (device_id) stays on the server: it only counts the phone's tips. */
export function toCreatedTip(row: TipRow): CreatedTip {
  return {
    id: row.id,
    amount: Number(row.amount),
    platform: row.platform,
    created_at: row.createdAt.toISOString(),
  };
}
