import type { StageDevice } from '#shared/schemas/stage-device.ts';
import type { StageDevice as StageDeviceRow } from '#server/db/tables.ts';

export type { StageDeviceRow };

/** A device as the list reads it: the row, and whether it still holds a live session. */
export interface ListedStageDevice {
  device: StageDeviceRow;
  signedIn: boolean;
}

/** The listed device: never its code or the code's hash. */
export function toStageDevice({ device: row, signedIn }: ListedStageDevice): StageDevice {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    claimed_at: row.claimedAt?.toISOString() ?? null,
    last_seen_at: row.lastSeenAt?.toISOString() ?? null,
    expires_at: row.codeExpiresAt.toISOString(),
    status: !row.claimedAt ? 'waiting' : signedIn ? 'paired' : 'signed_out',
  };
}
