/**
 * Songs tab render benchmark: with 5,000 songs loaded, how long from a keystroke in the search
 * box, or a change of a filter select, until the next frame is painted, in real Chromium.
 *
 *   npm run bench:render                 builds the client, then runs
 *   node scripts/bench-songs-render.ts --songs 5000 --keystrokes 30 --filters 30
 *
 * The server runs as its own process on the embedded database in a temp DATA_DIR. Songs are
 * seeded with one CSV upload. In the page, a capturing `input` listener notes the time of each
 * event; a requestAnimationFrame callback followed by a task notes when that frame is done.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { chromiumPath } from './lib/chromium.ts';
import { startServerProcess } from './lib/server-process.ts';

const { values: args } = parseArgs({
  options: {
    songs: { type: 'string', default: '5000' },
    keystrokes: { type: 'string', default: '30' },
    filters: { type: 'string', default: '30' },
  },
});
const SONGS = Number(args.songs);
const KEYSTROKES = Number(args.keystrokes);
const FILTER_CHANGES = Number(args.filters);

const GENRES = ['Rock', 'Pop', 'Jazz', 'Country', 'Soul', 'Blues', 'Folk', 'Funk', 'Indie', 'R&B'];
const MOODS = ['Happy', 'Sad', 'Romantic', 'Energetic', 'Chill', 'Nostalgic', 'Party'];
const WORDS = [
  'love',
  'night',
  'river',
  'heart',
  'fire',
  'summer',
  'rain',
  'dream',
  'road',
  'light',
  'blue',
  'home',
  'star',
  'dance',
  'wild',
  'golden',
  'city',
  'moon',
  'time',
  'angel',
];

/** A CSV of `count` distinct songs; about one in ten has no genre, mood or year. */
function seedCsv(count: number): string {
  const pick = <T>(list: readonly T[], i: number) => list[i % list.length]!;
  const lines = ['Title,Artist,Genre,Mood,Year'];
  for (let i = 0; i < count; i++) {
    const title = `${pick(WORDS, i)} ${pick(WORDS, i * 7 + 3)} ${i}`;
    const artist = `Artist ${i % 400}`;
    const bare = i % 10 === 0;
    const genre = bare ? '' : `"${pick(GENRES, i)}, ${pick(GENRES, i * 3 + 1)}"`;
    const mood = bare ? '' : pick(MOODS, i * 5);
    const year = bare ? '' : String(1950 + (i % 75));
    lines.push([title, artist, genre, mood, year].join(','));
  }
  return lines.join('\n');
}

async function json<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.url} ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

interface Session {
  token: string;
  musician: { id: string; slug: string };
}

async function seed(url: string): Promise<Session> {
  const run = Date.now().toString(36);
  const session = await json<Session>(
    await fetch(`${url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `Bench ${run}`,
        email: `bench-${run}@example.com`,
        password: 'benchmark password 1',
      }),
    }),
  );
  const form = new FormData();
  form.append('file', new Blob([seedCsv(SONGS)], { type: 'text/csv' }), 'songs.csv');
  const result = await json<{ songs_added: number }>(
    await fetch(`${url}/api/songs/csv/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.token}` },
      body: form,
    }),
  );
  if (result.songs_added !== SONGS) throw new Error(`seeded ${result.songs_added} of ${SONGS}`);
  return session;
}

/**
 * Runs in the page (as text: this file is type-checked without the DOM library). Records, per
 * input event, the time from the event until the frame after it has been painted.
 */
const PROBE = `
  window.__frames = [];
  document.addEventListener('input', (event) => {
    const start = event.timeStamp;
    requestAnimationFrame(() => setTimeout(() => window.__frames.push(performance.now() - start), 0));
  }, { capture: true });
`;

async function takeFrames(page: Page, expected: number): Promise<number[]> {
  // Functions, not strings: the app's CSP forbids eval. globalThis is the page's window here.
  type Probe = { __frames: number[] };
  await page.waitForFunction(
    (count) => (globalThis as unknown as Probe).__frames.length >= count,
    expected,
  );
  return page.evaluate(() => (globalThis as unknown as Probe).__frames.splice(0));
}

async function measureTyping(page: Page): Promise<number[]> {
  const search = page.getByRole('searchbox', { name: 'Search songs' });
  const queries = ['love night', 'river 12', 'golden star', 'artist 3', 'blue moon'];
  const frames: number[] = [];
  const clear = async () => {
    if (!(await search.inputValue())) return;
    await search.fill('');
    await takeFrames(page, 1);
  };
  for (let q = 0; frames.length < KEYSTROKES; q++) {
    await clear();
    for (const char of queries[q % queries.length]!) {
      if (frames.length >= KEYSTROKES) break;
      await search.press(char === ' ' ? 'Space' : char);
      frames.push(...(await takeFrames(page, 1)));
    }
  }
  await clear();
  return frames;
}

async function measureFilters(page: Page): Promise<number[]> {
  const steps: [string, string][] = [];
  for (const genre of ['Rock', 'none', 'Jazz', '', 'Soul']) steps.push(['Genre', genre]);
  for (const mood of ['Happy', 'none', '']) steps.push(['Mood', mood]);
  for (const decade of ['1970s', 'none', '']) steps.push(['Decade', decade]);
  for (const year of ['1999', 'none', '']) steps.push(['Year', year]);
  const frames: number[] = [];
  for (let i = 0; frames.length < FILTER_CHANGES; i++) {
    const [name, value] = steps[i % steps.length]!;
    await page.getByRole('combobox', { name, exact: true }).selectOption(value);
    frames.push(...(await takeFrames(page, 1)));
  }
  return frames;
}

function summary(label: string, samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return {
    label,
    samples: sorted.length,
    median_ms: Number(at(0.5).toFixed(1)),
    p95_ms: Number(at(0.95).toFixed(1)),
    max_ms: Number(sorted.at(-1)!.toFixed(1)),
  };
}

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'song-requests-bench-render-'));
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
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  try {
    const session = await seed(server.url);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript((stored) => {
      localStorage.setItem('song-requests.session', stored);
    }, JSON.stringify(session));
    await context.addInitScript({ content: PROBE });
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard?tab=songs`);
    await page.getByText(`${SONGS.toLocaleString('en-US')} songs`, { exact: true }).waitFor();
    const rowsInPage = await page.locator('.song-row').count();

    const typing = await measureTyping(page);
    const filters = await measureFilters(page);
    const results = [
      summary('search keystroke', typing),
      summary('filter change', filters),
      summary('all', [...typing, ...filters]),
    ];
    console.log(`\nSongs tab, ${SONGS} songs, ${rowsInPage} rows in the page (virtualised)`);
    console.table(results);
  } finally {
    await browser.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
