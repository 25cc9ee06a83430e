import type { APIRequestContext, Page } from '@playwright/test';
import { messages } from '#shared/messages.ts';
import { expect, test } from './fixtures.ts';

/**
 * The On Stage screen keeps the tablet awake while a show runs (Screen Wake Lock). The browser's
 * own navigator.wakeLock is used and watched, not replaced: an init script counts the requests
 * and keeps the sentinels. Headless Chromium never hides a page (no other tab, no minimised
 * window changes document.visibilityState), so hiding is played in the page as the browser does
 * it: visibilityState turns 'hidden', 'visibilitychange' fires, the lock is released.
 */

interface WakeLockLog {
  requests: number;
  refused: number;
  held(): boolean;
  /** What the browser does when the page goes to the background, and back. */
  hide(): void;
  show(): void;
}

const WATCH_WAKE_LOCK = () => {
  // The e2e project has no DOM types; in the page, globalThis is the window.
  type Sentinel = { released: boolean; release(): Promise<void> };
  const page = globalThis as unknown as {
    navigator: { wakeLock?: { request(type: string): Promise<Sentinel> } };
    document: EventTarget & { visibilityState: string };
    __wakeLock: WakeLockLog;
  };
  const wakeLock = page.navigator.wakeLock;
  if (!wakeLock) return;
  const request = wakeLock.request.bind(wakeLock);
  const sentinels: Sentinel[] = [];
  let visibility: string | null = null;
  Object.defineProperty(page.document, 'visibilityState', {
    configurable: true,
    get: () => visibility ?? 'visible',
  });
  const turn = (state: string) => {
    visibility = state;
    page.document.dispatchEvent(new Event('visibilitychange'));
  };
  page.__wakeLock = {
    requests: 0,
    refused: 0,
    held: () => sentinels.some((sentinel) => !sentinel.released),
    hide: () => {
      turn('hidden');
      for (const sentinel of sentinels) void sentinel.release();
    },
    show: () => turn('visible'),
  };
  wakeLock.request = async (type: string) => {
    page.__wakeLock.requests += 1;
    try {
      const sentinel = await request(type);
      sentinels.push(sentinel);
      return sentinel;
    } catch (error) {
      page.__wakeLock.refused += 1;
      throw error;
    }
  };
};

const wakeLockLog = (page: Page) =>
  page.evaluate(() => {
    const log = (globalThis as unknown as { __wakeLock?: WakeLockLog }).__wakeLock;
    return log ? { requests: log.requests, refused: log.refused, held: log.held() } : null;
  });

async function showCall(request: APIRequestContext, token: string, path: string, data = {}) {
  const response = await request.post(`/api/shows/${path}`, {
    headers: { authorization: `Bearer ${token}` },
    data,
  });
  expect(response.ok(), `${path}: ${response.status()}`).toBe(true);
}

test('the On Stage screen keeps the screen awake while a show runs, and asks again when shown again', async ({
  page,
  context,
  request,
  signedInMusician,
}) => {
  test.setTimeout(60_000);
  // The permission a browser asks for (granted here as a tablet's browser would after asking).
  await context.grantPermissions(['screen-wake-lock']);
  await context.addInitScript(WATCH_WAKE_LOCK);
  const musician = await signedInMusician();
  const indicator = page.locator('.wake-lock-indicator');

  await page.goto(`/on-stage/${musician.slug}`);
  await expect(page.getByRole('status', { name: 'Show' })).toHaveText(messages.onStageNoShow);
  expect(await wakeLockLog(page)).toEqual({ requests: 0, refused: 0, held: false });
  await expect(indicator).toBeHidden();

  // Another device starts the show: the socket brings it, the screen stays on.
  await showCall(request, musician.token, 'start', { name: 'Friday at the Anchor' });
  await expect.poll(() => wakeLockLog(page)).toEqual({ requests: 1, refused: 0, held: true });
  await expect(indicator).toHaveText(messages.wakeLockOn);

  // The musician switches to another app and back: the browser lets go, the screen asks again.
  const lifecycle = (step: 'hide' | 'show') =>
    page.evaluate(
      (name) => (globalThis as unknown as { __wakeLock: WakeLockLog }).__wakeLock[name](),
      step,
    );
  await lifecycle('hide');
  await expect.poll(() => wakeLockLog(page)).toEqual({ requests: 1, refused: 0, held: false });
  await expect(indicator).toBeHidden();
  await lifecycle('show');
  await expect.poll(() => wakeLockLog(page)).toEqual({ requests: 2, refused: 0, held: true });
  await expect(indicator).toHaveText(messages.wakeLockOn);

  // The show ends: the screen may sleep again.
  await showCall(request, musician.token, 'stop');
  await expect(page.getByRole('status', { name: 'Show' })).toHaveText(messages.onStageNoShow);
  await expect.poll(async () => (await wakeLockLog(page))?.held).toBe(false);
  await expect(indicator).toBeHidden();
  expect((await wakeLockLog(page))?.requests).toBe(2);
});

test('where the browser has no wake lock, the screen works as before', async ({
  page,
  context,
  request,
  signedInMusician,
}) => {
  await context.addInitScript(() => {
    delete (Object.getPrototypeOf(globalThis.navigator) as { wakeLock?: unknown }).wakeLock;
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const musician = await signedInMusician();
  await showCall(request, musician.token, 'start', { name: 'Unplugged' });
  await page.goto(`/on-stage/${musician.slug}`);
  await expect(page.getByRole('status', { name: 'Show' })).toContainText('Unplugged');
  expect(await page.evaluate(() => 'wakeLock' in globalThis.navigator)).toBe(false);
  await expect(page.locator('.wake-lock-indicator')).toBeHidden();
  expect(errors).toEqual([]);
});
