/**
 * The counts after a faulty run: what was acknowledged against what the database holds, and
 * what every device holds against the database. Every number here must come out exact.
 */
import type pg from 'pg';
import type { Device } from './devices.ts';
import type { Outcome } from './generator.ts';

export interface SubmissionCounts {
  submitted: number;
  acknowledged: number;
  /** Acknowledged and filed exactly once, under the id the acknowledgement gave. */
  stored: number;
  lost: string[];
  doubled: string[];
  /** Filed once, but the acknowledgement named another request. */
  wrongId: string[];
  /** Never acknowledged (the give-up safety net) or refused with a 4xx. */
  unacknowledged: string[];
  /** Rows of these musicians whose key no acknowledgement gave. */
  strays: number;
}

/** Acknowledgements against the rows their Idempotency-Keys filed (requests and +1s). */
export async function countSubmissions(
  db: pg.Client,
  outcomes: Outcome[],
  musicianIds: string[],
): Promise<SubmissionCounts> {
  const { rows } = await db.query<{ key: string; request_id: string }>(
    `SELECT idempotency_key AS key, id AS request_id FROM requests
       WHERE musician_id = ANY($1::uuid[]) AND idempotency_key IS NOT NULL
     UNION ALL
     SELECT idempotency_key, request_id FROM request_voters
       WHERE musician_id = ANY($1::uuid[]) AND idempotency_key IS NOT NULL`,
    [musicianIds],
  );
  const filed = new Map<string, string[]>();
  for (const row of rows) filed.set(row.key, [...(filed.get(row.key) ?? []), row.request_id]);

  const counts: SubmissionCounts = {
    submitted: outcomes.length,
    acknowledged: 0,
    stored: 0,
    lost: [],
    doubled: [],
    wrongId: [],
    unacknowledged: [],
    strays: 0,
  };
  const acknowledgedKeys = new Set<string>();
  for (const { submission, ackedId } of outcomes) {
    if (!ackedId) {
      counts.unacknowledged.push(submission.key);
      continue;
    }
    counts.acknowledged++;
    acknowledgedKeys.add(submission.key);
    const ids = filed.get(submission.key) ?? [];
    if (ids.length === 0) counts.lost.push(submission.key);
    else if (ids.length > 1) counts.doubled.push(submission.key);
    else if (ids[0] !== ackedId) counts.wrongId.push(submission.key);
    else counts.stored++;
  }
  for (const [key, ids] of filed) if (!acknowledgedKeys.has(key)) counts.strays += ids.length;
  return counts;
}

/** The request ids a musician's devices should hold: every visible request in the database. */
export async function databaseSets(
  db: pg.Client,
  musicianIds: string[],
): Promise<Map<string, Set<string>>> {
  const { rows } = await db.query<{ id: string; musician_id: string }>(
    'SELECT id, musician_id FROM requests WHERE musician_id = ANY($1::uuid[]) AND NOT blocked',
    [musicianIds],
  );
  const sets = new Map(musicianIds.map((id) => [id, new Set<string>()]));
  for (const row of rows) sets.get(row.musician_id)!.add(row.id);
  return sets;
}

export interface DeviceReport {
  label: string;
  connected: boolean;
  missing: string[];
  extra: string[];
  duplicates: number;
  /** Held in the end but never delivered live (only a resync or poll brought them). */
  notLive: number;
}

export function compareDevice(device: Device, expected: Set<string>): DeviceReport {
  const ids = device.ids();
  const held = new Set(ids);
  return {
    label: device.label,
    connected: device.connected,
    missing: [...expected].filter((id) => !held.has(id)),
    extra: [...held].filter((id) => !expected.has(id)),
    duplicates: ids.length - held.size,
    notLive: [...expected].filter((id) => !device.live.has(id)).length,
  };
}

export const consistent = (report: DeviceReport) =>
  report.connected &&
  report.missing.length === 0 &&
  report.extra.length === 0 &&
  report.duplicates === 0;
