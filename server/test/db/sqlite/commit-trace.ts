/**
 * Proves from a program's system calls that each commit reached the disk before it was
 * acknowledged: runs the program under strace, finds each acknowledgement (a write the caller
 * recognises, carrying a token such as the new row's id), finds the WAL write of the transaction
 * that stored that token, and checks that an fsync of the WAL began after that transaction's last
 * WAL write and ended before the acknowledgement began. Tying each acknowledgement to its own
 * commit by content makes the check exact under concurrency too (commits acknowledged out of
 * order, or several covered by one fsync).
 *
 * Trace the Node process itself (`node file.ts`, not `npm run ...`): file descriptors are tracked
 * for one process (its threads share them).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Syscall {
  name: string;
  /** The first argument when it is a file descriptor. */
  fd: number | undefined;
  /** Seconds since the epoch, when the call began and when it returned. */
  start: number;
  end: number;
  /** Every string argument, decoded and joined (what a write wrote, the path opened). */
  data: Buffer;
  result: string;
}

export interface CommitTraceOptions {
  command: string;
  args: string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** The database file; the fsyncs that count are of `${databaseFile}-wal`. */
  databaseFile: string;
  /**
   * For a system call that acknowledges a commit, the text the committed row holds that names it
   * (found in the WAL's pages); undefined for any other call.
   */
  acknowledgementToken: (call: Syscall) => string | undefined;
  /** Runs once the program has started (sends requests...); the program is then stopped. */
  drive?: (child: ChildProcess) => Promise<void>;
}

export interface CommitTraceReport {
  acknowledgements: number;
  walFsyncs: number;
  /** One line for each acknowledgement not preceded by an fsync covering its commit. */
  violations: string[];
}

const TRACED =
  'openat,open,close,fsync,fdatasync,sync_file_range,write,writev,pwrite64,pwritev,sendto,sendmsg';

/** Runs the command under strace and checks the order of commits, fsyncs and acknowledgements. */
export async function traceCommits(options: CommitTraceOptions): Promise<CommitTraceReport> {
  const dir = await mkdtemp(join(tmpdir(), 'songreq-strace-'));
  const traceFile = join(dir, 'trace');
  try {
    // -s 8192: whole SQLite pages (4 KB), so that a row's text can be found in its frame.
    const flags = ['-f', '-ttt', '-T', '-x', '-s', '8192', '-e', `trace=${TRACED}`];
    const child = spawn(
      'strace',
      [...flags, '-o', traceFile, '--', options.command, ...options.args],
      {
        cwd: options.cwd,
        env: options.env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', resolve);
    });
    if (options.drive) {
      try {
        await options.drive(child);
      } finally {
        // The program itself is stopped (strace, signalled, would keep it running and traced);
        // strace exits with it.
        await stopTraced(child);
      }
    }
    const code = await exited;
    if (!options.drive && code !== 0) {
      throw new Error(`The traced program failed (exit ${code}):\n${output}`);
    }
    return checkCommitOrder(
      parseTrace(await readFile(traceFile, 'utf8')),
      options.databaseFile,
      options.acknowledgementToken,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** SIGTERM to the processes strace started (Linux names a process's children in /proc). */
async function stopTraced(strace: ChildProcess): Promise<void> {
  const children = await readFile(`/proc/${strace.pid}/task/${strace.pid}/children`, 'utf8').catch(
    () => '',
  );
  const pids = children.split(' ').filter(Boolean).map(Number);
  if (pids.length === 0) strace.kill('SIGTERM');
  for (const pid of pids) process.kill(pid, 'SIGTERM');
}

/** The check itself, over parsed calls (exported for the trace of a server run elsewhere). */
export function checkCommitOrder(
  calls: Syscall[],
  databaseFile: string,
  acknowledgementToken: (call: Syscall) => string | undefined,
): CommitTraceReport {
  const walPath = `${databaseFile}-wal`;
  const acks = calls.flatMap((call) => {
    const token = acknowledgementToken(call);
    return token === undefined ? [] : [{ call, token }];
  });
  const commitEnd = new Map<string, number>(); // token -> when its transaction's WAL writes ended
  const walFsyncs: Syscall[] = [];
  const openFds = new Map<number, string>();
  let inTransaction: string[] = []; // tokens met in frames of the transaction being written
  let commitFramePending = false; // the commit frame's header is written; its page comes next

  for (const call of calls) {
    if ((call.name === 'openat' || call.name === 'open') && /^\d+$/.test(call.result)) {
      openFds.set(Number(call.result), call.data.toString('latin1'));
      continue;
    }
    if (call.name === 'close' && call.fd !== undefined) {
      openFds.delete(call.fd);
      continue;
    }
    if (call.fd === undefined || openFds.get(call.fd) !== walPath) continue;
    if (call.name === 'fsync' || call.name === 'fdatasync') {
      if (call.result === '0') walFsyncs.push(call);
      continue;
    }
    if (call.name !== 'pwrite64' && call.name !== 'pwritev') continue;
    if (call.data.length === 24) {
      // A frame header: bytes 4-7 hold the database's size after a commit, 0 in other frames.
      commitFramePending = call.data.readUInt32BE(4) !== 0;
      continue;
    }
    if (call.data.length === 32 && call.data.readUInt32BE(0) >>> 1 === 0x377f0682 >>> 1) continue;
    for (const { token } of acks) {
      if (!commitEnd.has(token) && !inTransaction.includes(token) && call.data.includes(token)) {
        inTransaction.push(token);
      }
    }
    if (commitFramePending) {
      for (const token of inTransaction) commitEnd.set(token, call.end);
      inTransaction = [];
      commitFramePending = false;
    }
  }

  const violations: string[] = [];
  for (const { call, token } of acks) {
    const committed = commitEnd.get(token);
    if (committed === undefined) {
      violations.push(`${token}: acknowledged at ${call.start}, but no commit in the WAL holds it`);
      continue;
    }
    const covered = walFsyncs.some((f) => f.start >= committed && f.end <= call.start);
    if (!covered) {
      violations.push(
        `${token}: committed at ${committed}, acknowledged at ${call.start} with no WAL fsync between`,
      );
    }
  }
  return { acknowledgements: acks.length, walFsyncs: walFsyncs.length, violations };
}

const LINE = /^(?:\[pid\s+)?(\d+)\]?\s+(\d+\.\d+)\s+(.*)$/;
const COMPLETE = /^(\w+)\((.*)\)\s+=\s+(\S+).*<([\d.]+)>$/;
const UNFINISHED = /^(\w+)\((.*) <unfinished \.\.\.>$/;
const RESUMED = /^<\.\.\. (\w+) resumed>(.*)\)\s+=\s+(\S+).*<([\d.]+)>$/;

/** strace -f -ttt -T -x output, one call per entry (an interrupted call joined with its resumption). */
export function parseTrace(text: string): Syscall[] {
  const calls: Syscall[] = [];
  const pending = new Map<string, { args: string; start: number }>();
  for (const line of text.split('\n')) {
    const head = LINE.exec(line);
    if (!head) continue;
    const [, pid, ts, rest] = head as unknown as [string, string, string, string];
    const at = Number(ts);
    let match = COMPLETE.exec(rest);
    if (match) {
      const [, name, args, result, duration] = match as unknown as string[];
      calls.push(syscall(name!, args!, at, at + Number(duration), result!));
      continue;
    }
    match = UNFINISHED.exec(rest);
    if (match) {
      pending.set(`${pid}:${match[1]}`, { args: match[2]!, start: at });
      continue;
    }
    match = RESUMED.exec(rest);
    if (match) {
      const [, name, more, result] = match as unknown as string[];
      const began = pending.get(`${pid}:${name}`);
      pending.delete(`${pid}:${name}`);
      if (began) calls.push(syscall(name!, began.args + more!, began.start, at, result!));
    }
  }
  return calls.sort((a, b) => a.start - b.start);
}

function syscall(name: string, args: string, start: number, end: number, result: string): Syscall {
  const fd = /^(-?\d+)/.exec(args)?.[1];
  const strings = [...args.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => decode(m[1]!));
  return {
    name,
    fd: fd === undefined ? undefined : Number(fd),
    start,
    end,
    data: Buffer.concat(strings),
    result,
  };
}

const ESCAPES: Record<string, number> = { n: 10, t: 9, r: 13, v: 11, f: 12, '\\': 92, '"': 34 };

/** One of strace's quoted strings (-x: \xNN for bytes, C escapes) as the bytes written. */
function decode(quoted: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < quoted.length; i++) {
    const char = quoted[i]!;
    if (char !== '\\') {
      bytes.push(...Buffer.from(char, 'latin1'));
      continue;
    }
    const next = quoted[i + 1]!;
    if (next === 'x') {
      bytes.push(parseInt(quoted.slice(i + 2, i + 4), 16));
      i += 3;
    } else if (/[0-7]/.test(next)) {
      const octal = /^[0-7]{1,3}/.exec(quoted.slice(i + 1))![0];
      bytes.push(parseInt(octal, 8));
      i += octal.length;
    } else {
      bytes.push(ESCAPES[next] ?? next.charCodeAt(0));
      i += 1;
    }
  }
  return Buffer.from(bytes);
}
