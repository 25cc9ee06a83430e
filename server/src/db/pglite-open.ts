import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from './migrations-folder.ts';

/** Opens PGlite on `dataDir` (in memory when undefined) and brings its schema up to date. */
export async function openPglite(dataDir: string | undefined, settings: string[]): Promise<PGlite> {
  const pglite = new PGlite(dataDir, {
    startParams: [...PGlite.defaultStartParams, ...settings.flatMap((s) => ['-c', s])],
  });
  await pglite.waitReady;
  await migrate(drizzle(pglite), { migrationsFolder });
  return pglite;
}

/** Sends protocol messages to PGlite; resolves with everything it answered (a copy). */
export async function execRaw(pglite: PGlite, bytes: Uint8Array): Promise<Uint8Array> {
  // A copy: PGlite's answer may be a view of its WebAssembly memory.
  return (await pglite.execProtocolRaw(bytes, { syncToFs: false })).slice();
}
