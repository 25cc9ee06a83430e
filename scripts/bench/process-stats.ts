/** What a process costs the machine, read from Linux's /proc: resident memory and CPU time. */
import { readdir, readFile } from 'node:fs/promises';

/** Resident set size in bytes (VmRSS): what the process holds in RAM right now. */
export async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) * 1024;
}

// Linux reports CPU time in clock ticks; 100 a second on every architecture Node runs on.
const TICKS_PER_SECOND = 100;

/** User plus system CPU seconds the process has used since it started. */
export async function cpuSeconds(pid: number): Promise<number> {
  return ticksOf(await readFile(`/proc/${pid}/stat`, 'utf8'));
}

/**
 * CPU seconds used so far by the PostgreSQL server processes of one database: its backends, which
 * name it in their process title ("postgres: user database host(port) state"). A backend that exits
 * between two readings takes its time with it, so the pool must stay open across them.
 */
export async function postgresBackendsCpuSeconds(database: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const title = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (!title.startsWith('postgres: ') || !title.split(' ').includes(database)) continue;
    total += await cpuSeconds(Number(entry)).catch(() => 0);
  }
  return total;
}

/** User plus system CPU seconds from a /proc stat line. */
function ticksOf(stat: string): number {
  // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return (utime + stime) / TICKS_PER_SECOND;
}

/**
 * CPU seconds the whole machine spent busy (every state but idle and I/O wait) since boot, summed
 * over its cores: what everything running on it costs, the benchmark's neighbours included.
 */
export async function machineBusySeconds(): Promise<number> {
  const line = (await readFile('/proc/stat', 'utf8')).split('\n', 1)[0]!;
  // cpu user nice system idle iowait irq softirq steal ...
  const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const busy = ticks.reduce((sum, value, i) => (i === 3 || i === 4 ? sum : sum + value), 0);
  return busy / TICKS_PER_SECOND;
}

/** The share of one core the process used over `seconds` (0.03 is 3 %). */
export async function coreShareOver(pid: number, seconds: number): Promise<number> {
  const before = await cpuSeconds(pid);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  return ((await cpuSeconds(pid)) - before) / seconds;
}

export const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
