/**
 * HAProxy in front of the app processes, with the deployment's own configuration
 * (deploy/haproxy.cfg): only the addresses differ, given through its environment variables.
 * The file names two processes (app1, app2); for another count the same file is written with one
 * `server` line per process, copied from its first.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findProgram } from '../lib/find-executable.ts';
import { isHealthy, startChild, stopChild, waitFor, type Child } from './processes.ts';

const CONFIG = join(import.meta.dirname, '../../deploy/haproxy.cfg');
const SERVER_LINE = /^\s*server app\d+ /;
/** Where a backend's server lines stood, while they are written again. */
const BLOCK_MARK = '\u0000servers';

export interface Balancer {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/** `backends` as host:port, each given to the config as APP<n>_ADDR (n from 1). */
export async function startBalancer(port: number, backends: string[]): Promise<Balancer> {
  // $HAPROXY, else haproxy on the PATH or in /usr/sbin (where Debian puts it, off a non-root PATH).
  const haproxy = findProgram('haproxy', 'HAPROXY');
  if (!haproxy)
    throw new Error('HAProxy is not installed: apt-get install haproxy, or set HAPROXY');
  const config = await configFor(backends.length);
  // -db: stay in the foreground, so the suite owns the process and sees its log.
  const child: Child = startChild(haproxy, ['-db', '-f', config.path], {
    BALANCER_BIND: `127.0.0.1:${port}`,
    ...Object.fromEntries(backends.map((address, i) => [`APP${i + 1}_ADDR`, address])),
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopChild(child, 'SIGTERM');
    await config.remove();
  };
  await waitFor('haproxy to pass requests to a healthy app', () => {
    if (child.proc.exitCode !== null) throw new Error(`haproxy exited:\n${child.output()}`);
    return isHealthy(url);
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { url, output: child.output, stop };
}

/**
 * The deployment's file itself, or a copy of it with `count` server lines in each backend: each
 * backend's block of server lines written again from its first line.
 */
async function configFor(count: number): Promise<{ path: string; remove(): Promise<void> }> {
  const lines = (await readFile(CONFIG, 'utf8')).split('\n');
  const blocks: string[][] = [];
  const out: string[] = [];
  for (const line of lines) {
    if (!SERVER_LINE.test(line)) {
      out.push(line);
      continue;
    }
    // A server line right after another is of the same backend.
    if (out.at(-1) === BLOCK_MARK) blocks.at(-1)!.push(line);
    else {
      blocks.push([line]);
      out.push(BLOCK_MARK);
    }
  }
  if (blocks.length === 0) throw new Error(`no "server app1" line in ${CONFIG}`);
  if (blocks.every((block) => block.length === count)) {
    return { path: CONFIG, remove: async () => {} };
  }
  let next = 0;
  const written = out.flatMap((line) => {
    if (line !== BLOCK_MARK) return [line];
    const template = blocks[next++]![0]!;
    return Array.from({ length: count }, (_, i) =>
      template.replaceAll('app1', `app${i + 1}`).replaceAll('APP1_', `APP${i + 1}_`),
    );
  });
  const dir = await mkdtemp(join(tmpdir(), 'haproxy-'));
  const path = join(dir, 'haproxy.cfg');
  await writeFile(path, written.join('\n'));
  return { path, remove: () => rm(dir, { recursive: true, force: true }) };
}
