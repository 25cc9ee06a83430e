/** Starts the server as its own process, as in production: for tests and benchmarks. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * How V8 sizes the server's heap (the floor of `bench:realtime` runs with them too):
 * - Semi-spaces of at most 4 MB. V8's default lets the young generation grow to tens of MB and
 *   stay there; 2 MB promoted so much of each request's garbage under load (600 requests a
 *   second) that the full collections it caused cost the p99, while 4 MB measured the same at rest
 *   (112-117 MB against 117-121 MB on PostgreSQL) and 8 MB cost 8 MB more.
 * - The old generation may double before V8 collects it, where V8 lets it grow by about 8 MB
 *   while requests keep it busy. Under load a process promotes about 1 MB a second (at 100
 *   requests a second): V8 then stopped each one for a mark-compact (11-12 ms, marking on the other
 *   core meanwhile) every 7-8 s of a rush, and the requests around it made the p99 (embedded, 200 a
 *   second, seven runs each way in turn: 19-26 ms, 10-20 ms with this, lower in every pair). After
 *   a rush the server collects when it goes quiet (quiet-collection.ts), so the memory at rest is
 *   the same (docs/benchmarks.md).
 * - No allocation site is pretenured. V8 allocates straight into the old generation from a site
 *   whose objects mostly survived a scavenge once; under load that took in sites of every
 *   request's garbage, which then filled the old generation as if it were promoted. V8's sampling
 *   heap profiler, counting what outlived the scavenges of 10 s at 200 requests a second
 *   (embedded): 25 MB, a third of it the response's headers; 10 MB without, none of it theirs
 *   (the rest mostly the events kept for recovering devices). In a 75 s rush at that pace the old
 *   generation was collected every 13 s (20-45 ms for the requests around each), without every
 *   29 s, and a scavenge took 1.0 ms where it took 1.25 (docs/benchmarks.md).
 */
export const V8_HEAP_FLAGS = [
  '--max-semi-space-size=4',
  '--heap-growing-percent=100',
  '--no-allocation-site-pretenuring',
];
/**
 * How `npm start` runs the server (package.json, Dockerfile): the built bundle, with the heap
 * above. `--expose-gc`: the server collects when it goes quiet
 * (server/src/plugins/quiet-collection.ts).
 */
export const PRODUCTION_ENTRY = [...V8_HEAP_FLAGS, '--expose-gc', 'server/dist/main.js'];
/**
 * And its environment: glibc gives each thread that allocates its own 64 MB malloc arena; two
 * are plenty for a Node process (its threads mostly wait), and the rest is memory held for
 * nothing (4-7 MB at rest on PostgreSQL).
 */
export const PRODUCTION_ENV = { MALLOC_ARENA_MAX: '2' };
/** The sources, as tests run them (no build needed). */
const SOURCE_ENTRY = ['server/src/main.ts'];

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** SIGTERM, then the exit code once it has exited. */
  stop(): Promise<number | null>;
}

/** Spawns the server on a free port with `env` on top of this process's env; waits until healthy. */
export async function startServerProcess(
  env: Record<string, string | undefined>,
  { timeoutMs = 30_000, built = false } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  // `built`: the bundle `npm run build:server` makes, as benchmarks must measure what ships.
  const child = spawn(process.execPath, built ? PRODUCTION_ENTRY : SOURCE_ENTRY, {
    cwd: root,
    env: {
      ...process.env,
      ...(built ? PRODUCTION_ENV : {}),
      HOST: '127.0.0.1',
      // No balancer to drain from: stop() closes at once unless a test asks for the drain.
      DRAIN_SECONDS: '0',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;

  const process_: ServerProcess = {
    url,
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };

  for (const started = Date.now(); Date.now() - started < timeoutMs;) {
    if (child.exitCode !== null) break;
    const healthy = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) return process_;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await process_.stop();
  throw new Error(`the server process did not become healthy:\n${output}`);
}
