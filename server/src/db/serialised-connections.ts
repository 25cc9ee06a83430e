/**
 * Connections of an engine that runs one transaction at a time already (the embedded PGlite:
 * a connection that begins a transaction has its one session to itself, pglite-session.ts).
 * database.ts marks each such connection as it is made; musician-lock.ts takes no lock on them.
 */
const serialisedConnections = new WeakSet<object>();

export function markSerialised(connection: object): void {
  serialisedConnections.add(connection);
}

export function isSerialised(connection: object): boolean {
  return serialisedConnections.has(connection);
}
