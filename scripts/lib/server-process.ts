/** Starts server/src/main.ts as its own process, as in production: for tests and benchmarks. */
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
  { timeoutMs = 30_000 } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', ...env, PORT: String(port) },
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
