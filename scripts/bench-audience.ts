/**
 * Audience page benchmark: what a phone downloads and how Lighthouse scores the page, on a
 * musician with 200 songs, against the budgets of issue 8 ("Fast on a phone").
 *
 *   npm run bench:audience                    builds the client, then runs
 *   node scripts/bench-audience.ts --songs 200 --runs 3 --lhr /tmp/audience-lhr.json
 *
 * The server runs as its own process (as in production) on the embedded database in a temp
 * DATA_DIR. (a) Headless Chromium opens /musician/{slug} with an empty cache and sums the bytes
 * over the wire (encoded: brotli or gzip as served) of every script until the network is idle.
 * (b) Lighthouse, in its default mobile emulation with simulated throttling, runs `--runs` times
 * on the same page in a fresh Chromium; the run with the median performance score is reported.
 * Exits with 1 when a budget is missed.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { seedBenchMusician } from './lib/bench-musician.ts';
import { CHROMIUM_ARGS, chromiumPath } from './lib/chromium.ts';
import { runLighthouse, type LighthouseFigures } from './lib/lighthouse-run.ts';
import { startServerProcess } from './lib/server-process.ts';

const { values: args } = parseArgs({
  options: {
    songs: { type: 'string', default: '200' },
    runs: { type: 'string', default: '3' },
    lhr: { type: 'string' },
  },
});
const SONGS = Number(args.songs);
const RUNS = Math.max(1, Number(args.runs));

/** The budgets of the issue. 1 KB = 1,024 bytes. */
const BUDGET = {
  scriptBytes: 100 * 1024,
  performance: 95,
  accessibility: 100,
  bestPractices: 95,
};

/**
 * Strings that survive minification, one per library the audience page must not need before its
 * first paint: finding one in a script says that library was downloaded.
 */
const LIBRARY_MARKERS: Record<string, string> = {
  'react-router': 'react-router',
  zod: 'ZodError',
  'socket.io-client': 'io server disconnect',
  'dnd-kit': 'DndContext',
};

interface ScriptFile {
  path: string;
  encoding: string;
  transferBytes: number;
  decodedBytes: number;
  libraries: string[];
}

const librariesIn = (code: string) =>
  Object.entries(LIBRARY_MARKERS)
    .filter(([, marker]) => code.includes(marker))
    .map(([library]) => library);

/** Every script a first visit loads until the network has been quiet for 500 ms. */
async function scriptsOfFirstVisit(url: string): Promise<ScriptFile[]> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const pending: Promise<ScriptFile>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        (async () => {
          const [sizes, body, headers] = await Promise.all([
            response.request().sizes(),
            response.body(),
            response.allHeaders(),
          ]);
          return {
            path: new URL(response.url()).pathname,
            encoding: headers['content-encoding'] ?? 'identity',
            transferBytes: sizes.responseBodySize,
            decodedBytes: body.length,
            libraries: librariesIn(body.toString()),
          };
        })(),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const files = await Promise.all(pending);
    await context.close();
    return files.sort((a, b) => b.transferBytes - a.transferBytes);
  } finally {
    await browser.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mark = (ok: boolean) => (ok ? 'yes' : '**no**');

function printScripts(files: ScriptFile[]) {
  console.log(`\nJavaScript of a first visit to the audience page (${SONGS} songs):\n`);
  console.log('| file | encoding | over the wire | uncompressed | holds |');
  console.log('| --- | --- | ---: | ---: | --- |');
  for (const file of files) {
    console.log(
      `| ${file.path} | ${file.encoding} | ${file.transferBytes.toLocaleString('en-US')} B | ` +
        `${file.decodedBytes.toLocaleString('en-US')} B | ${file.libraries.join(', ')} |`,
    );
  }
  const found = new Set(files.flatMap((file) => file.libraries));
  const absent = Object.keys(LIBRARY_MARKERS).filter((library) => !found.has(library));
  console.log(
    `\nNot loaded: ${absent.join(', ') || 'none'}. Loaded: ${[...found].join(', ') || 'none'}.`,
  );
}

function printSummary(scriptBytes: number, runs: LighthouseFigures[], median: LighthouseFigures) {
  const { scores } = median;
  const rows: Array<[string, string, string, boolean | null]> = [
    [
      'JavaScript over the wire (first visit)',
      kb(scriptBytes),
      `≤ ${kb(BUDGET.scriptBytes)}`,
      scriptBytes <= BUDGET.scriptBytes,
    ],
    [
      'Lighthouse performance (mobile)',
      String(scores.performance),
      `≥ ${BUDGET.performance}`,
      scores.performance >= BUDGET.performance,
    ],
    [
      'Lighthouse accessibility',
      String(scores.accessibility),
      String(BUDGET.accessibility),
      scores.accessibility >= BUDGET.accessibility,
    ],
    [
      'Lighthouse best practices',
      String(scores['best-practices']),
      `≥ ${BUDGET.bestPractices}`,
      scores['best-practices'] >= BUDGET.bestPractices,
    ],
    ['First Contentful Paint', seconds(median.fcpMs), '', null],
    ['Largest Contentful Paint', seconds(median.lcpMs), '', null],
    ['Total Blocking Time', `${Math.round(median.tbtMs)} ms`, '', null],
    ['Cumulative Layout Shift', median.cls.toFixed(3), '', null],
  ];
  console.log(`\nAudience page, ${SONGS} songs (Lighthouse: median of ${runs.length} runs):\n`);
  console.log('| measure | result | budget | within |');
  console.log('| --- | ---: | ---: | :---: |');
  for (const [label, value, budget, ok] of rows) {
    console.log(`| ${label} | ${value} | ${budget} | ${ok === null ? '' : mark(ok)} |`);
  }
  console.log(`\nPerformance of each run: ${runs.map((run) => run.scores.performance).join(', ')}`);
  if (median.findings.length > 0) {
    console.log('\nAudits below full marks (median run):');
    for (const line of median.findings) console.log(`- ${line}`);
  }
  return rows.every(([, , , ok]) => ok !== false);
}

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'song-requests-bench-audience-'));
  const server = await startServerProcess(
    {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      MUSICBRAINZ_ENABLED: 'false',
      RATE_LIMIT_AUTH_PER_MINUTE: '1000',
    },
    { built: true },
  );
  try {
    const { musician } = await seedBenchMusician(server.url, SONGS);
    const pageUrl = `${server.url}/musician/${musician.slug}`;

    const files = await scriptsOfFirstVisit(pageUrl);
    printScripts(files);
    const scriptBytes = files.reduce((sum, file) => sum + file.transferBytes, 0);

    const runs: LighthouseFigures[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await runLighthouse(pageUrl));
    const byScore = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
    const median = byScore[Math.floor(byScore.length / 2)]!;
    if (args.lhr) {
      await writeFile(args.lhr, JSON.stringify(median.lhr, null, 2));
      console.log(`\nLighthouse report of the median run: ${args.lhr}`);
    }
    if (!printSummary(scriptBytes, runs, median)) process.exitCode = 1;
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
