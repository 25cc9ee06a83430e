/**
 * Makes the migrated embedded database every in-memory test database starts from, then exits:
 * a process of its own, as pglite-create.ts is, so the 1 GB PGlite grows to while it runs
 * initdb is not held by the test runner for the rest of the run.
 *
 *   node pglite-template-create.ts <file to write the dumped data folder to>
 */
import { writeFile } from 'node:fs/promises';
import { openPglite } from '#server/db/pglite-open.ts';

const [file] = process.argv.slice(2);
if (!file) {
  console.error('usage: pglite-template-create <file>');
  process.exit(2);
}
const pglite = await openPglite(undefined, []);
const dump = await pglite.dumpDataDir('none');
await writeFile(file, Buffer.from(await dump.arrayBuffer()));
await pglite.close();
