import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';

/** localStorage as the page has it (the e2e project has no DOM types). */
interface PageStorage {
  getItem(key: string): string | null;
}
import { fill } from '#shared/fill-message.ts';
import { messages } from '#shared/messages.ts';
import { expect, test } from './fixtures.ts';
import { atEachSize } from './support/screenshots.ts';
import { HALO, JOLENE } from './support/songs.ts';
import { submitRequestByApi } from './support/requests.ts';

/**
 * The installable pages (issue 11): manifests and icons, the service workers, the On Stage screen
 * opened offline, and the audience page's second visit. Playwright's offline mode cuts the pages
 * and their service workers off the network; the test's own `request` still reaches the server
 * (another device, a phone in the room).
 */

const SHOTS = '/tmp/shots-pwa';
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 820, height: 1180 },
  { name: 'desktop', width: 1440, height: 900 },
];

interface WorkerInfo {
  scope: string;
  /** The script of the worker controlling the page, if one does. */
  controller: string | null;
}

/**
 * The service worker of `shell` once it controls the page (clients.claim: no reload needed). A
 * page of the app's scope ("/") may be controlled by the app's worker before its own takes over.
 */
async function controllingWorker(page: Page, shell: 'app' | 'audience'): Promise<WorkerInfo> {
  const read = () =>
    page.evaluate(async () => {
      // The e2e project has no DOM types; in the page, globalThis is the window.
      const { serviceWorker } = (
        globalThis as unknown as {
          navigator: {
            serviceWorker: {
              ready: Promise<{ scope: string }>;
              controller: { scriptURL: string } | null;
            };
          };
        }
      ).navigator;
      const registration = await serviceWorker.ready;
      return {
        scope: registration.scope,
        controller: serviceWorker.controller?.scriptURL ?? null,
      };
    });
  await expect
    .poll(async () => (await read()).controller, { timeout: 15_000 })
    .toMatch(new RegExp(`/sw\\.js\\?shell=${shell}$`));
  return read();
}

/** The addresses in the audience worker's cache of the page's public reads. */
async function cachedPublicReads(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const { caches } = globalThis as unknown as {
      caches: { open(name: string): Promise<{ keys(): Promise<{ url: string }[]> }> };
    };
    const cache = await caches.open('audience-public-reads');
    return (await cache.keys()).map((entry) => entry.url);
  });
}

interface AppManifest {
  url: string;
  errors: { message: string }[];
  data?: string;
}

/**
 * What Chromium itself makes of the page's manifest, and whether it would offer to install it.
 * Playwright's contexts are off the record, where Chromium never installs ("in-incognito"): the
 * installability test below opens a real profile.
 */
async function chromiumVerdict(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  const manifest = (await cdp.send('Page.getAppManifest')) as unknown as AppManifest;
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  await cdp.detach();
  return { manifest, installabilityErrors };
}

/** Every icon a manifest names answers a PNG. */
async function expectIconsLoad(request: APIRequestContext, icons: { src: string }[]) {
  expect(icons.length).toBeGreaterThanOrEqual(3);
  for (const icon of icons) {
    const response = await request.get(icon.src);
    expect(response.status(), icon.src).toBe(200);
    expect(response.headers()['content-type'], icon.src).toBe('image/png');
  }
}

async function screenshots(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await atEachSize(
    page,
    (size) => page.screenshot({ path: `${SHOTS}/${name}-${size.name}.png` }),
    SIZES,
  );
}

test.describe("the musician's app", () => {
  test('has a valid manifest with icons that load, and a service worker controlling the page', async ({
    page,
    context,
    request,
    signedInMusician,
  }) => {
    await signedInMusician();

    const manifestResponse = await request.get('/manifest.webmanifest');
    expect(manifestResponse.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await manifestResponse.json()) as { icons: { src: string }[] };
    expect(manifest).toMatchObject({
      name: 'Song Requests',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
    });
    await expectIconsLoad(request, manifest.icons);
    expect((await request.get('/icons/apple-touch-icon.png')).status()).toBe(200);

    const worker = await controllingWorker(page, 'app');
    expect(worker.scope).toMatch(/^http:\/\/[^/]+\/$/);
    // A new build must reach the tablets: the worker script itself is never cached.
    const script = await request.get('/sw.js');
    expect(script.headers()['cache-control']).toBe('no-cache');
    expect(script.headers()['content-type']).toContain('javascript');

    const verdict = await chromiumVerdict(context, page);
    expect(verdict.manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(verdict.manifest.errors).toEqual([]);
  });

  test('the On Stage screen opens offline with the last queue, says Offline, and catches up when the network returns', async ({
    page,
    context,
    request,
    signedInMusician,
  }) => {
    test.setTimeout(60_000);
    const musician = await signedInMusician({ songs: [JOLENE, HALO] });
    const [jolene, halo] = musician.songIds;
    await submitRequestByApi(request, jolene, {
      requester_name: 'Sam',
      dedication: 'For the bride',
    });
    const started = await request.post('/api/shows/start', {
      headers: { authorization: `Bearer ${musician.token}` },
      data: { name: 'Wedding at the Mill' },
    });
    expect(started.status()).toBe(201);

    await page.goto(`/on-stage/${musician.slug}`);
    const card = (title: string) => page.getByRole('article', { name: new RegExp(`^${title} by`) });
    await expect(card('Jolene')).toContainText('For the bride');
    await controllingWorker(page, 'app');
    // The queue is kept on the device (a second after the last change), without any email.
    const keptQueue = () =>
      page.evaluate(() => {
        const { localStorage } = globalThis as unknown as { localStorage: PageStorage };
        const keys = Object.keys(localStorage).filter((key) =>
          key.startsWith('song-requests.stage-queue.'),
        );
        return keys.map((key) => localStorage.getItem(key)).join();
      });
    await expect.poll(keptQueue).toContain('For the bride');
    expect(await keptQueue()).not.toContain('@example.com');

    await context.setOffline(true);
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(musician.name);
    const offline = page.getByRole('alert').filter({ hasText: 'Offline' });
    await expect(offline).toContainText('Offline: showing your queue as of');
    await expect(card('Jolene')).toContainText('For the bride');
    await expect(page.getByRole('status', { name: 'Show' })).toHaveText(
      fill(messages.onStageShowRunning, { name: 'Wedding at the Mill' }),
    );
    // Honest: a move would fail now, so the buttons wait for the network.
    await expect(card('Jolene').getByRole('button', { name: 'Played' })).toBeDisabled();
    await expect(page.getByRole('switch', { name: 'Song requests' })).toBeDisabled();
    await expect(page.getByText('Demo data')).toBeHidden();
    await screenshots(page, 'on-stage-offline');

    // A phone in the room files a request while the tablet is offline.
    await submitRequestByApi(request, halo, { requester_name: 'Kim' });
    await page.waitForTimeout(1000);
    await expect(card('Halo')).toBeHidden();

    await context.setOffline(false);
    await expect(card('Halo')).toContainText('Kim', { timeout: 20_000 });
    await expect(offline).toBeHidden();
    await expect(card('Jolene').getByRole('button', { name: 'Played' })).toBeEnabled();
    await expect(page.getByRole('status', { name: 'Connection' })).toHaveText('Connected', {
      timeout: 20_000,
    });
  });
});

test.describe('the audience page', () => {
  test("installs as the musician's own app, and a second visit opens from the service worker, even offline", async ({
    page,
    context,
    request,
    audience,
    registeredMusician,
  }) => {
    test.setTimeout(60_000);
    const musician = await registeredMusician({ name: 'Dana & The Night Owls', songs: [JOLENE] });
    const manifestUrl = `/api/musicians/${musician.slug}/manifest.webmanifest`;

    await audience.goto(musician.slug);
    await expect(audience.song('Jolene')).toBeVisible();
    // Linked 5 s after load, off the first paint (client/src/lib/service-worker.ts).
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', manifestUrl, {
      timeout: 15_000,
    });
    const manifest = (await (await request.get(manifestUrl)).json()) as {
      icons: { src: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Dana & The Night Owls',
      start_url: `/musician/${musician.slug}`,
      scope: `/musician/${musician.slug}`,
      display: 'standalone',
    });
    await expectIconsLoad(request, manifest.icons);

    const worker = await controllingWorker(page, 'audience');
    expect(worker.scope).toMatch(/\/musician\/$/);
    const verdict = await chromiumVerdict(context, page);
    expect(verdict.manifest.url).toContain(manifestUrl);
    expect(verdict.manifest.errors).toEqual([]);
    expect(JSON.parse(verdict.manifest.data ?? '{}')).toMatchObject({
      name: 'Dana & The Night Owls',
    });

    // The second visit: the page itself comes from the service worker, no round trip.
    const second = await page.reload();
    expect(second?.fromServiceWorker()).toBe(true);
    await expect(audience.song('Jolene')).toBeVisible();

    // And with no network at all, the page and its songs still open.
    await context.setOffline(true);
    const offline = await page.reload();
    expect(offline?.fromServiceWorker()).toBe(true);
    await expect(audience.heading).toHaveText('Dana & The Night Owls');
    await expect(audience.song('Jolene')).toBeVisible();
    await screenshots(page, 'audience-offline');
    await context.setOffline(false);
  });

  test('opens offline after the first visit: once the worker controls the page, a reload without network shows the songs', async ({
    page,
    context,
    audience,
    registeredMusician,
  }) => {
    test.setTimeout(60_000);
    const musician = await registeredMusician({ name: 'Dana & The Night Owls', songs: [JOLENE] });

    await audience.goto(musician.slug);
    await expect(audience.song('Jolene')).toBeVisible();
    await controllingWorker(page, 'audience');
    // What the page read before its worker existed is in the worker's caches once it controls it.
    await expect
      .poll(() => cachedPublicReads(page), { timeout: 15_000 })
      .toEqual(
        expect.arrayContaining([
          expect.stringMatching(new RegExp(`/api/musicians/${musician.slug}$`)),
          expect.stringMatching(new RegExp(`/api/musicians/${musician.slug}/songs$`)),
        ]),
      );

    await context.setOffline(true);
    const offline = await page.reload();
    expect(offline?.fromServiceWorker()).toBe(true);
    await expect(audience.heading).toHaveText('Dana & The Night Owls');
    await expect(audience.song('Jolene')).toBeVisible();
    await context.setOffline(false);
  });

  test('the app shell is not downloaded onto a phone: the audience worker keeps its page only', async ({
    page,
    audience,
    registeredMusician,
  }) => {
    const musician = await registeredMusician();
    await audience.goto(musician.slug);
    await controllingWorker(page, 'audience');
    const cached = await page.evaluate(async () => {
      const { caches } = globalThis as unknown as {
        caches: {
          keys(): Promise<string[]>;
          open(name: string): Promise<{ keys(): Promise<{ url: string }[]> }>;
        };
      };
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const entry of await (await caches.open(name)).keys()) urls.push(entry.url);
      }
      return urls;
    });
    expect(cached.some((url) => url.includes('/audience.html'))).toBe(true);
    expect(cached.some((url) => url.includes('/index.html'))).toBe(false);
    expect(cached.some((url) => /\/assets\/DashboardPage-/.test(url))).toBe(false);
  });
});

test('Chromium would offer to install both pages (a real profile, not an off-the-record one)', async ({
  playwright,
  launchOptions,
  baseURL,
  registeredMusician,
}) => {
  const musician = await registeredMusician();
  const profile = mkdtempSync(join(tmpdir(), 'song-requests-profile-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...launchOptions,
    headless: true,
    baseURL,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    for (const [path, shell] of [
      [`/musician/${musician.slug}`, 'audience'],
      ['/', 'app'],
    ] as const) {
      await page.goto(path);
      await controllingWorker(page, shell);
      const verdict = await chromiumVerdict(context, page);
      expect(verdict.manifest.errors, path).toEqual([]);
      expect(verdict.installabilityErrors, path).toEqual([]);
    }
    // The check is live: a page without a manifest is not installable.
    await page.goto('/api/health');
    const control = await chromiumVerdict(context, page);
    expect(control.installabilityErrors.map((error) => error.errorId)).toContain('no-manifest');
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
