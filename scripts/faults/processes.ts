/**
 * The processes the faults suite runs and breaks: app servers on fixed ports (a restarted one
 * comes back where the balancer expects it), a private Redis, and small helpers to wait on them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { PRODUCTION_ENTRY, PRODUCTION_ENV } from '../lib/server-process.ts';

const root = join(import.meta.dirname, '../..');

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it is true or `timeoutMs` passed; throws with `what` on time-out. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs = 30_000,
  everyMs = 100,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await Promise.resolve(check()).catch(() => false)) return;
    await sleep(everyMs);
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

export async function isHealthy(url: string): Promise<boolean> {
  return fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
    (res) => res.ok,
    () => false,
  );
}

/** A child process that keeps the tail of what it printed, to explain a failure. */
export interface Child {
  readonly proc: ChildProcess;
  readonly exited: Promise<number | null>;
  output(): string;
}

export function startChild(
  command: string,
  args: string[],
  env: Record<string, string | undefined> = {},
): Child {
  const proc = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  proc.stdout!.on('data', keep);
  proc.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) =>
    proc.once('exit', (code) => resolve(code)),
  );
  return { proc, exited, output: () => output };
}

/** Sends `signal` unless the process already exited; resolves once it has (for KILL/TERM). */
export async function stopChild(child: Child, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.proc.exitCode !== null || child.proc.signalCode !== null) return;
  child.proc.kill(signal);
  const killLater = setTimeout(() => child.proc.kill('SIGKILL'), 10_000);
  await child.exited;
  clearTimeout(killLater);
}

/** From the last error line the process printed, a few lines: what killed it and where. */
function crashReport(child: Child): string {
  const lines = child.output().trim().split('\n');
  const last = lines.findLastIndex((line) => /^(\w*Error\b|error:)/.test(line));
  return lines.slice(last >= 0 ? last : -8, (last >= 0 ? last : lines.length - 8) + 8).join('\n');
}

/** One app server process (the built server, as `npm start` runs it) on a fixed port, restartable. */
export class AppServer {
  private child: Child | null = null;
  /** Everything earlier runs of this server printed, for a failure report. */
  private log = '';
  /** Exits nobody asked for: a crash, with the end of what the process printed. */
  readonly crashes: string[] = [];
  private restarting: Promise<void> | null = null;

  readonly name: string;
  readonly port: number;
  private readonly env: Record<string, string>;

  constructor(name: string, port: number, env: Record<string, string>) {
    this.name = name;
    this.port = port;
    this.env = env;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.child !== null && this.child.proc.exitCode === null;
  }

  output(): string {
    return this.log + (this.child?.output() ?? '');
  }

  async start(timeoutMs = 120_000): Promise<void> {
    const child = startChild(process.execPath, PRODUCTION_ENTRY, {
      ...PRODUCTION_ENV,
      ...this.env,
      HOST: '127.0.0.1',
      PORT: String(this.port),
    });
    this.child = child;
    let healthy = false;
    void child.exited.then((code) => {
      // Killed or stopped by the suite, or failed to start (which start() itself reports).
      if (this.child !== child || !healthy) return;
      this.crashes.push(`${this.name} exited by itself (code ${code}):\n${crashReport(child)}`);
      this.log += child.output();
      this.child = null;
      // As a supervisor would (docker compose: restart unless-stopped), so the run goes on.
      this.restarting = this.start()
        .catch((error: unknown) => void this.crashes.push(`${this.name} did not restart: ${error}`))
        .finally(() => (this.restarting = null));
    });
    await waitFor(
      `${this.name} to answer /api/health`,
      () => {
        if (child.proc.exitCode !== null) {
          throw new Error(`${this.name} exited while starting:\n${child.output()}`);
        }
        return isHealthy(this.url);
      },
      timeoutMs,
    ).catch(async (error: unknown) => {
      this.child = null;
      await stopChild(child, 'SIGKILL');
      throw new Error(`${String(error)}\n${child.output()}`);
    });
    healthy = true;
  }

  /** SIGKILL: no graceful close, no goodbye to sockets, the crash a fault is meant to be. */
  async kill(): Promise<void> {
    await this.restarting?.catch(() => {});
    const child = this.child;
    if (!child) return;
    this.child = null;
    await stopChild(child, 'SIGKILL');
    this.log += child.output();
  }

  async stop(): Promise<void> {
    await this.restarting?.catch(() => {});
    const child = this.child;
    if (!child) return;
    this.child = null;
    await stopChild(child, 'SIGTERM');
    this.log += child.output();
  }
}

/** A Redis of the suite's own (no persistence), so the machine's Redis is never touched. */
export class PrivateRedis {
  private child: Child | null = null;

  readonly port: number;

  constructor(port: number) {
    this.port = port;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** While running: for a benchmark's reading of its CPU time. */
  get pid(): number | undefined {
    return this.child?.proc.pid;
  }

  async start(): Promise<void> {
    this.child = startChild('redis-server', [
      '--port',
      String(this.port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
    ]);
    const child = this.child;
    await waitFor('the private redis-server to listen', () => {
      if (child.proc.exitCode !== null) throw new Error(`redis-server exited:\n${child.output()}`);
      return child.output().includes('Ready to accept connections');
    });
  }

  /** Freezes the server: its connections stay open and every command waits, as in a stall. */
  pause(): void {
    this.child?.proc.kill('SIGSTOP');
  }

  resume(): void {
    this.child?.proc.kill('SIGCONT');
  }

  async stop(): Promise<void> {
    if (!this.child) return;
    this.child.proc.kill('SIGCONT');
    await stopChild(this.child, 'SIGTERM');
    this.child = null;
  }
}
