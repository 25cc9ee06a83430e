import type { CreatedTip } from '#shared/schemas/audience.ts';
import type { tips } from '#server/db/schema.ts';

export type TipRow = typeof tips.$inferSelect;

export function toCreatedTip(row: TipRow): CreatedTip {
  return {
    id: row.id,
    amount: Number(row.amount),
    platform: row.platform,
    created_at: row.createdAt.toISOString(),
  };
}
