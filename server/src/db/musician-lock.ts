import { sql } from 'drizzle-orm';
import type { Db } from './database.ts';

/**
 * Connections of an engine that runs one transaction at a time already (the embedded PGlite:
 * a connection that begins a transaction has its one session to itself, pglite-session.ts).
 */
const serialisedClients = new WeakSet<object>();

/** database.ts marks each connection of such an engine as it is made. */
export function markSerialised(client: object): void {
  serialisedClients.add(client);
}

/**
 * Serialises the writes of one musician's queue and submissions: from here to the end of the
 * transaction `tx`, no other transaction that called it for this musician runs on. Every rule
 * that reads rows and then writes what it decided (a request's admission, the queue's
 * positions, a +1's votes and tips) takes it first, so two of them cannot both decide from the
 * same rows. On PostgreSQL a transaction-level advisory lock, its own key space; nothing where
 * the engine serialises transactions itself.
 */
export async function lockMusician(tx: Db, musicianId: string): Promise<void> {
  const { client } = tx._.session as unknown as { client: object };
  if (serialisedClients.has(client)) return;
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext('musician_writes'), hashtext(${musicianId}))`,
  );
}
