/**
 * Creates and migrates a new embedded database in DATA_DIR, then exits. pglite-thread.ts runs
 * this as a process of its own: creating a database grows PostgreSQL's WebAssembly memory to
 * about 1 GB, and only a process's end reliably hands all of it back to the machine (a thread's
 * left the server 110 MB larger than a restart on the same data).
 *
 *   node pglite-create.js <dataDir> <settings as a JSON array of name=value>
 */
const [dataDir, settings] = process.argv.slice(2);
if (!dataDir || !settings) {
  console.error('usage: pglite-create <dataDir> <settings JSON>');
  process.exit(2);
}
// The server holds the data folder's lock (data-dir-lock.ts) while this writes in it; a server
// that dies takes its lock with it, so this must not go on writing unlocked: stdin is a pipe
// from the server, and it ends when the server does.
process.stdin.on('end', () => process.exit(1));
process.stdin.resume();
// One turn of the event loop before PGlite is loaded (seconds of a busy machine's time): if the
// server ended before this process started, the pipe is closed already and this leaves here.
await new Promise((resolve) => setImmediate(resolve));
const { openPglite } = await import('./pglite-open.ts');
try {
  const pglite = await openPglite(dataDir, JSON.parse(settings) as string[]);
  await pglite.close();
  process.exit(0);
} catch (err) {
  // Only the message: the server puts it in its own error (a stack here quotes minified code).
  console.error((err as Error).message);
  process.exit(1);
}
