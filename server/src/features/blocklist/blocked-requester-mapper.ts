import type { BlockedRequester } from '#shared/schemas/blocked-requester.ts';
import type { blockedRequesters } from '#server/db/schema.ts';

export type BlockedRequesterRow = typeof blockedRequesters.$inferSelect;

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
