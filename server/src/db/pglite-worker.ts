/**
 * The embedded database's own thread: PGlite (PostgreSQL compiled to WebAssembly) runs here, so
 * its work no longer takes turns with HTTP and Socket.IO on the main thread. It opens the data
 * folder, brings the schema up to date, then answers wire-protocol messages with wire-protocol
 * bytes (pglite-thread.ts is the other end). An answer is sent only once PGlite has written the
 * commit to its files, so an acknowledged request survives the process being killed.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { execRaw, openPglite } from './pglite-open.ts';
import type { ToPgliteThread, FromPgliteThread, PgliteThreadOptions } from './pglite-thread.ts';

const port = parentPort!;
const send = (message: FromPgliteThread, transfer: ArrayBuffer[] = []) =>
  port.postMessage(message, transfer);

const options = workerData as PgliteThreadOptions;
try {
  const pglite = await openPglite(options.dataDir, options.settings);
  // One message at a time, in order: the connection on the other side sends the next only
  // after this one's answer.
  let queue = Promise.resolve();
  port.on('message', (message: ToPgliteThread) => {
    queue = queue.then(async () => {
      if (message.type === 'close') {
        await pglite.close();
        send({ type: 'closed' });
        port.close();
        return;
      }
      try {
        const bytes = await execRaw(pglite, message.bytes);
        send({ type: 'answer', id: message.id, bytes }, [bytes.buffer as ArrayBuffer]);
      } catch (err) {
        send({ type: 'failed', id: message.id, message: (err as Error).message });
      }
    });
  });
  send({ type: 'ready' });
} catch (err) {
  send({ type: 'failed', id: -1, message: (err as Error).message });
}
