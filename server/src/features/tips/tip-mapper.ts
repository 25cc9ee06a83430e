import type { AppTip, CreatedTip } from '#shared/schemas/audience.ts';
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

/** The tip as its musician sees it (PUT /tips/{id}/received): still without the phone's id. */
export function toAppTip(row: TipRow): AppTip {
  return {
    ...toCreatedTip(row),
    request_id: row.requestId,
    tipper_name: row.tipperName,
    message: row.message,
    received_at: row.receivedAt?.toISOString() ?? null,
  };
}
