import type { Selectable } from 'kysely';
import type { BlockedRequester } from '#shared/schemas/blocked-requester.ts';
import type { BlockedRequestersTable } from '#server/db/tables.ts';

export type BlockedRequesterRow = Selectable<BlockedRequestersTable>;

/** The phone's id stays on the server: the list only says whether one is blocked. */
export function toBlockedRequester(row: BlockedRequesterRow): BlockedRequester {
  return {
    id: row.id,
    requester_name: row.requesterName,
    email: row.email,
    device_blocked: row.deviceId !== '',
    created_at: row.createdAt.toISOString(),
  };
}
