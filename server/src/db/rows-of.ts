/**
 * The rows of a raw `db.execute(sql...)`: node-postgres answers `{ rows }` for PostgreSQL and
 * for the embedded database alike (database.ts), and Drizzle does not type them.
 */
export const rowsOf = <Row>(result: unknown): Row[] => (result as { rows: Row[] }).rows;
