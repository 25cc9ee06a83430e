import type { CreatedTip } from '#shared/schemas/audience.ts';
import type { tips } from '#server/db/schema.ts';

export type TipRow = typeof tips.$inferSelect;

/** The phone's id (device_id) stays on the server: it only counts the phone's tips. */
export function toCreatedTip(row: TipRow): CreatedTip {
  return {
    id: row.id,
    amount: Number(row.amount),
    platform: row.platform,
    created_at: row.createdAt.toISOString(),
  };
}
