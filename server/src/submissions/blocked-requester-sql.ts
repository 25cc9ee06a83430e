import { sql, type Placeholder, type SQL } from 'drizzle-orm';

// The blocklist's test, asked inside the statements that file a request or a suggestion (and by
// the blocklist feature when it blocks): it lives below the features that all read it.

/** The requester behind a blocked entry matches by email or by phone, whichever is known. */
export function requesterMatches(
  email: string | Placeholder,
  deviceId: string | Placeholder,
  column: { email: string; device: string },
) {
  return sql`((${email}::text <> '' AND lower(${sql.raw(column.email)}) = ${email}::text)
    OR (${deviceId}::text <> '' AND ${sql.raw(column.device)} = ${deviceId}::text))`;
}

/**
 * True when the musician (an SQL expression, e.g. a column) blocked the requester with this
 * email, lower-cased, or this device ('' for none); either may be a placeholder. The test is the
 * SQL function requester_blocked (migration 0017), which submit_request asks too.
 */
export function blockedSql(
  musicianId: SQL,
  email: string | Placeholder,
  deviceId: string | Placeholder,
): SQL {
  return sql`requester_blocked(${musicianId}, ${email}::text, ${deviceId}::text)`;
}
