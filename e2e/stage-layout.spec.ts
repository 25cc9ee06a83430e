import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { OnStagePage } from './pages/on-stage-page.ts';
import { updateProfileByApi } from './support/musicians.ts';
import {
  musicianRequestsByApi,
  setRequestStatusByApi,
  submitRequestByApi,
} from './support/requests.ts';
import { atEachSize } from './support/screenshots.ts';
import { song } from './support/songs.ts';

// Two for Up Next, ten waiting: a busy night's queue.
const SONGS = [
  song('Wonderwall', 'Oasis'),
  song('Yellow', 'Coldplay'),
  song('Creep', 'Radiohead'),
  song('Mr. Brightside', 'The Killers'),
  song('Hallelujah', 'Leonard Cohen'),
  song('Sweet Caroline', 'Neil Diamond'),
  song('Piano Man', 'Billy Joel'),
  song('Valerie', 'Amy Winehouse'),
  song('Dancing Queen', 'ABBA'),
  song('Africa', 'Toto'),
  song('Take On Me', 'a-ha'),
  song('Jolene', 'Dolly Parton'),
] as const;
const WAITING = SONGS.slice(2).map((entry) => entry.title);

/** Files one request per song (a tip, a long dedication and an emoji among them); two Up Next. */
async function busyNight(request: APIRequestContext, token: string, songIds: readonly string[]) {
  const ids: string[] = [];
  for (const [index, songId] of songIds.entries()) {
    const filed = await submitRequestByApi(request, songId, {
      requester_name: index === 3 ? 'Marie-Chloé 🎉 Fontaine-Delacroix' : `Fan ${index}`,
      tip_amount: index === 2 ? 20 : 0,
      dedication: index === 1 ? 'For my sister Anna, who got engaged tonight! '.repeat(8) : '',
    });
    ids.push(filed.id);
  }
  await setRequestStatusByApi(request, token, ids[0]!, 'up_next');
  await setRequestStatusByApi(request, token, ids[1]!, 'up_next');
}

/** The whole box of `locator` lies inside the viewport (nothing to scroll to). */
async function expectFullyVisible(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, 'has a box').not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
}

/** The element's font size in px. */
const fontSize = (locator: Locator) =>
  locator.evaluate((element) =>
    parseFloat(
      (
        globalThis as unknown as { getComputedStyle(element: unknown): { fontSize: string } }
      ).getComputedStyle(element).fontSize,
    ),
  );

/** The waiting queue's titles in the server's order (queue_position), as another device reads it. */
async function serverOrder(request: APIRequestContext, token: string) {
  const requests = await musicianRequestsByApi(request, token);
  return requests
    .filter((entry) => entry.status === 'pending' || entry.status === 'accepted')
    .sort((a, b) => (a.queue_position ?? 0) - (b.queue_position ?? 0))
    .map((entry) => entry.song_title);
}

/** How wide the page is: wider than the window means it scrolls sideways. */
const pageWidth = (page: Page) =>
  page.evaluate(
    () =>
      (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document
        .documentElement.scrollWidth,
  );

const titlesOf = (rows: Locator) =>
  rows.locator('.request-song').allTextContents() as Promise<string[]>;

test.describe('the stage screen on a tablet', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('shows Now, Next and at least 7 waiting requests without scrolling, under a two-row header', async ({
    page,
    request,
    onStage,
    dashboard,
    signedInMusician,
  }) => {
    const musician = await signedInMusician({ songs: SONGS });
    await busyNight(request, musician.token, musician.songIds);
    await onStage.goto(musician.slug);
    await expect(onStage.waitingRows).toHaveCount(10);
    await expect(onStage.nowPanel).toContainText('Now');
    await expect(onStage.nowPanel).toContainText('Wonderwall');
    await expect(onStage.nextPanel).toContainText('Next');
    await expect(onStage.nextPanel).toContainText('Yellow');
    // Up Next's drag code has arrived: its list mounts anew when it does, and a box or a style
    // read in that instant is a detached element's (no box, no size). Measured after it.
    await expect(onStage.dragHandle('Wonderwall')).toBeEnabled();

    // Two rows since issue 43: the name and the room's state; the request window and feedback.
    expect((await onStage.header.boundingBox())!.height).toBeLessThanOrEqual(112);
    await expectFullyVisible(page, onStage.nowPanel);
    await expectFullyVisible(page, onStage.nextPanel);
    for (let index = 0; index < 7; index += 1) {
      await expectFullyVisible(page, onStage.waitingRows.nth(index));
    }
    // Read from two metres: Now largest, then Next, then the rows.
    const now = await fontSize(onStage.nowPanel.locator('.request-title'));
    const next = await fontSize(onStage.nextPanel.locator('.request-title'));
    const row = await fontSize(onStage.waitingRows.first().locator('.request-title'));
    expect(now).toBeGreaterThan(next);
    expect(next).toBeGreaterThan(row);
    expect(row).toBeGreaterThanOrEqual(24);
    // No horizontal scrolling, whatever the names.
    expect(await pageWidth(page)).toBeLessThanOrEqual(1024);

    // Pictures for a person to look at (no test reads them).
    const shots = test.info().outputPath();
    await atEachSize(
      page,
      async (size) => {
        await page.waitForTimeout(200);
        await page.screenshot({ path: `${shots}/stage-${size.name}.png` });
      },
      [
        { name: '1024x768', width: 1024, height: 768 },
        { name: '768x1024', width: 768, height: 1024 },
      ],
    );
    await page.goto('/dashboard');
    await expect(dashboard.liveColumn.getByRole('article')).toHaveCount(10);
    await atEachSize(
      page,
      async (size) => {
        await page.waitForTimeout(200);
        await page.screenshot({ path: `${shots}/dashboard-${size.name}.png` });
        expect(await pageWidth(page)).toBeLessThanOrEqual(size.width);
      },
      [
        { name: '1280x800', width: 1280, height: 800 },
        { name: '390x844', width: 390, height: 844 },
      ],
    );
  });

  test('under "My order", a waiting request moves by its handle: mouse and keyboard, on every device', async ({
    page,
    request,
    onStage,
    signedInMusician,
    anotherDevice,
  }) => {
    const musician = await signedInMusician({ songs: SONGS });
    await updateProfileByApi(request, musician.token, { queue_order: 'manual' });
    await busyNight(request, musician.token, musician.songIds);
    const other = new OnStagePage(await anotherDevice(musician));
    await other.goto(musician.slug);
    await expect(other.connection).toHaveText('Connected');

    await onStage.goto(musician.slug);
    await expect.poll(() => titlesOf(onStage.waitingRows)).toEqual(WAITING);

    // The mouse: Hallelujah (third) dragged by its handle onto Creep (first).
    const handle = onStage.dragHandle('Hallelujah');
    await expect(handle).toBeEnabled();
    const from = (await handle.boundingBox())!;
    const to = (await onStage.waitingRows.first().boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 12 });
    await page.mouse.up();
    const afterDrag = ['Hallelujah', 'Creep', 'Mr. Brightside', ...WAITING.slice(3)];
    await expect.poll(() => titlesOf(onStage.waitingRows)).toEqual(afterDrag);
    await expect.poll(() => serverOrder(request, musician.token)).toEqual(afterDrag);
    await expect.poll(() => titlesOf(other.waitingRows)).toEqual(afterDrag);

    // The keyboard: the handle of Jolene (last), Space, ArrowUp, Space: one place up.
    // Each step waits for the last (dnd-kit measures the rows after the pickup), then for what a
    // screen reader hears.
    const heard = (text: string) => page.getByRole('status').filter({ hasText: text });
    const jolene = onStage.dragHandle('Jolene');
    await jolene.focus();
    await page.keyboard.press('Space');
    await expect(jolene).toHaveAttribute('aria-pressed', 'true');
    await expect(heard('Jolene moved to position 10.')).toBeAttached();
    await page.keyboard.press('ArrowUp');
    await expect(heard('Jolene moved to position 9.')).toBeAttached();
    await page.keyboard.press('Space');
    await expect(heard('Jolene dropped at position 9.')).toBeAttached();
    const afterKeys = [...afterDrag.slice(0, -2), 'Jolene', 'Take On Me'];
    await expect.poll(() => titlesOf(onStage.waitingRows)).toEqual(afterKeys);
    await expect.poll(() => serverOrder(request, musician.token)).toEqual(afterKeys);
    await expect.poll(() => titlesOf(other.waitingRows)).toEqual(afterKeys);
  });
});
