/**
 * Whether big CSV previews can take the server down: four previews of a 4.9 MB CSV (315,000
 * rows) at once against the built server (embedded SQLite, as `npm start` runs it), while an
 * audience phone reads a song list back to back.
 *
 *   npm run bench:import-memory
 *   npm run bench:import-memory -- --previews 1
 *
 * Prints the server's peak RSS (sampled from /proc every 20 ms; the kernel's high-water mark since
 * start, sign-ups' password hashing included, beside it) and the
 * audience's median request time beside a quiet run's in the same run. Targets: under 300 MB,
 * and the median within 2x of the quiet one; exits 1 when one is missed. Linux only (/proc).
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { seedBenchMusician } from './lib/bench-musician.ts';
import { startServerProcess } from './lib/server-process.ts';

const { values: args } = parseArgs({
  options: {
    previews: { type: 'string', default: '4' },
    rows: { type: 'string', default: '315000' },
    'quiet-ms': { type: 'string', default: '3000' },
  },
});
const PREVIEWS = Number(args.previews);
const ROWS = Number(args.rows);
const QUIET_MS = Number(args['quiet-ms']);
const RSS_TARGET_MB = 300;
const MEDIAN_RATIO_TARGET = 2;

/** The file: short rows, 4.9 MB for 315,000 of them, under the 5 MB cap. */
function bigCsv(rows: number): string {
  const lines = ['Title,Artist'];
  for (let i = 0; i < rows; i++) lines.push(`Song${i},Bnd${i % 10}`);
  return `${lines.join('\n')}\n`;
}

/** A line of /proc/<pid>/status in MB: VmRSS now, VmHWM the peak since the process started. */
function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function register(url: string, n: number): Promise<string> {
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: `Importer ${n}`,
      email: `importer-${n}-${Date.now()}@example.com`,
      password: 'benchmark password 1',
    }),
  });
  if (!res.ok) throw new Error(`register ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/**
 * An audience phone reading the song list back to back, in a thread of its own (the uploads keep
 * this process's event loop busy), until `until` resolves: each read's time in ms.
 */
async function audience(url: string, until: Promise<unknown>): Promise<number[]> {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
    let done = false;
    parentPort.once('message', () => (done = true));
    (async () => {
      const times = [];
      while (!done) {
        const started = performance.now();
        const res = await fetch(workerData.url);
        await res.arrayBuffer();
        if (!res.ok) throw new Error('audience read ' + res.status);
        times.push(performance.now() - started);
      }
      parentPort.postMessage(times);
    })();`,
    { eval: true, workerData: { url } },
  );
  const times = new Promise<number[]>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await until;
  worker.postMessage('stop');
  const result = await times;
  await worker.terminate();
  return result;
}

/** The multipart body a browser's FormData sends for the file, built once for every preview. */
function multipart(csv: string): { body: Buffer; type: string } {
  const boundary = 'bench-import-memory';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="songs.csv"\r\n` +
        'Content-Type: text/csv\r\n\r\n',
    ),
    Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

const dataDir = await mkdtemp(join(tmpdir(), 'bench-import-memory-'));
const server = await startServerProcess(
  {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    MUSICBRAINZ_ENABLED: 'false',
    // Off for the benchmark: the audience reads are what is timed, not their challenges.
    PROOF_OF_WORK: 'off',
    RATE_LIMIT_PUBLIC_READS_PER_MINUTE: '1000000',
  },
  { built: true },
);
try {
  const pid = server.child.pid!;
  const fan = await seedBenchMusician(server.url, 200);
  const songsUrl = `${server.url}/api/musicians/${fan.musician.slug}/songs`;
  // One after the other: each sign-up hashes a password, which takes memory of its own.
  const tokens: string[] = [];
  for (let n = 0; n < PREVIEWS; n++) tokens.push(await register(server.url, n));
  const csv = bigCsv(ROWS);
  const upload = multipart(csv);
  console.log(`File: ${(csv.length / 1e6).toFixed(2)} MB, ${ROWS.toLocaleString('en')} rows`);

  const atRest = statusMb(pid, 'VmRSS');
  const quiet = await audience(songsUrl, new Promise((resolve) => setTimeout(resolve, QUIET_MS)));

  let peak = atRest;
  const sampler = setInterval(() => (peak = Math.max(peak, statusMb(pid, 'VmRSS'))), 20);
  const started = performance.now();
  const previews = Promise.all(
    tokens.map(async (token) => {
      const res = await fetch(`${server.url}/api/songs/csv/preview`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': upload.type },
        body: upload.body,
      });
      const body = (await res.json()) as { total_rows?: number; detail?: string };
      if (!res.ok) throw new Error(`preview ${res.status} ${JSON.stringify(body)}`);
      return body.total_rows;
    }),
  );
  const loaded = await audience(songsUrl, previews);
  const rowsRead = await previews;
  const elapsed = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, statusMb(pid, 'VmRSS'));
  const highWater = statusMb(pid, 'VmHWM');

  const quietMedian = median(quiet);
  const loadedMedian = median(loaded);
  const ratio = loadedMedian / quietMedian;
  console.log(
    `${PREVIEWS} preview(s) at once: ${elapsed.toFixed(0)} ms, rows read each ${rowsRead.join(', ')}`,
  );
  console.log(
    `RSS: ${atRest.toFixed(0)} MB at rest, peak ${peak.toFixed(0)} MB sampled, ` +
      `${highWater.toFixed(0)} MB the process's high-water mark (target: sampled peak under ${RSS_TARGET_MB} MB)`,
  );
  console.log(
    `Audience median: quiet ${quietMedian.toFixed(1)} ms (${quiet.length} reads), during ` +
      `${loadedMedian.toFixed(1)} ms (${loaded.length} reads): ${ratio.toFixed(2)}x ` +
      `(target within ${MEDIAN_RATIO_TARGET}x)`,
  );
  process.exitCode = peak < RSS_TARGET_MB && ratio <= MEDIAN_RATIO_TARGET ? 0 : 1;
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
