import type { APIRequestContext, Page } from '@playwright/test';
import { messages } from '#shared/messages.ts';
import { expect, test } from './fixtures.ts';
import type { OnStagePage } from './pages/on-stage-page.ts';
import { expectNoSeriousA11yFindings } from './support/axe.ts';
import {
  coveredControls,
  endsInEllipsis,
  isWhollyShown,
  overlappingItems,
  textFit,
} from './support/geometry.ts';
import { updateProfileByApi } from './support/musicians.ts';
import { setRequestStatusByApi, submitRequestByApi } from './support/requests.ts';
import { atEachSize, type ScreenSize } from './support/screenshots.ts';
import { song } from './support/songs.ts';

/** The sizes issue 43 names: a landscape and an upright tablet, a laptop, a phone. */
const SIZES: readonly ScreenSize[] = [
  { name: '1024x768', width: 1024, height: 768 },
  { name: '768x1024', width: 768, height: 1024 },
  { name: '1280x800', width: 1280, height: 800 },
  { name: '390x844', width: 390, height: 844 },
];

// Titles of 30 characters (the longest a stage row must show whole) among ordinary ones.
const LONG_TITLES = [
  'Livin on a Prayer (Live 1989)',
  'Total Eclipse of the Heart Now',
  'Bohemian Rhapsody - Remastered',
];
const SONGS = [
  song('Wonderwall', 'Oasis'),
  song('Yellow', 'Coldplay'),
  song(LONG_TITLES[0]!, 'Bon Jovi'),
  song('Creep', 'Radiohead'),
  song(LONG_TITLES[1]!, 'Bonnie Tyler'),
  song('Hallelujah', 'Leonard Cohen'),
  song(LONG_TITLES[2]!, 'Queen'),
  song('Piano Man', 'Billy Joel'),
  song('Valerie', 'Amy Winehouse'),
  song('Dancing Queen', 'ABBA'),
  song('Africa', 'Toto'),
  song('Jolene', 'Dolly Parton'),
] as const;

/** Two lined up (Now, Next), ten waiting: names, a tip and a long dedication among them. */
async function busyNight(request: APIRequestContext, token: string, songIds: readonly string[]) {
  const ids: string[] = [];
  for (const [index, songId] of songIds.entries()) {
    const filed = await submitRequestByApi(request, songId, {
      requester_name: index === 4 ? 'Marie-Chloé 🎉 Fontaine-Delacroix' : `Fan ${index}`,
      tip_amount: index === 3 ? 20 : 0,
      dedication: index === 2 ? 'For my sister Anna, who got engaged tonight! '.repeat(6) : '',
    });
    ids.push(filed.id);
  }
  await setRequestStatusByApi(request, token, ids[0]!, 'up_next');
  await setRequestStatusByApi(request, token, ids[1]!, 'up_next');
}

/** Every row title on screen: whole (wider or taller than its box would cut it), 24 px or more. */
async function expectTitlesWhole(onStage: OnStagePage, where: string) {
  for (const title of LONG_TITLES) {
    const fit = await textFit(onStage.card(title, onStage.active).locator('.request-title'));
    expect(fit.cut, `"${title}" cut at ${where}`).toBe(false);
    expect(fit.fontSize, `"${title}" size at ${where}`).toBeGreaterThanOrEqual(24);
  }
}

async function expectNothingOverControls(page: Page, where: string) {
  expect(await coveredControls(page, '.stage-main'), `covered at ${where}`).toEqual([]);
  expect(await coveredControls(page, '.stage-header'), `covered at ${where}`).toEqual([]);
}

const shotsOf = () => test.info().outputPath();

test.describe('the stage screen, at the sizes it is used at', () => {
  test('no feedback lies over a row after Played or Up Next; titles whole; Now, Next and 7 rows in view', async ({
    page,
    request,
    onStage,
    signedInMusician,
  }) => {
    // Three sizes, each with Played and Up Next measured.
    test.setTimeout(90_000);
    const musician = await signedInMusician({ songs: SONGS });
    await busyNight(request, musician.token, musician.songIds);
    await page.setViewportSize({ width: 1024, height: 768 });
    await onStage.goto(musician.slug);
    await expect(onStage.waitingRows).toHaveCount(10);
    await expect(onStage.dragHandle('Wonderwall')).toBeEnabled();

    await atEachSize(
      page,
      async (size) => {
        await expectTitlesWhole(onStage, size.name);
        await expectNothingOverControls(page, size.name);
        await page.screenshot({ path: `${shotsOf()}/stage-${size.name}.png` });
      },
      SIZES,
    );

    // Now, Next and seven waiting rows without scrolling, on a landscape tablet.
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect.poll(() => isWhollyShown(onStage.nowPanel)).toBe(true);
    expect(await isWhollyShown(onStage.nextPanel)).toBe(true);
    for (let index = 0; index < 7; index += 1) {
      expect(await isWhollyShown(onStage.waitingRows.nth(index)), `row ${index + 1}`).toBe(true);
    }

    // The feedback's room is kept: where the queue starts does not move when a bar comes.
    const queueTop = async () => (await onStage.waitingRows.first().boundingBox())!.y;
    const before = await queueTop();

    // Played, tapped twice in a hurry: one song played (the second tap would have landed on the
    // next Now); its Undo waits in the header, over nothing that can be tapped.
    await onStage.nowPanel.getByRole('button', { name: 'Played', exact: true }).dblclick();
    await expect(onStage.undoToast('Marked played: Wonderwall')).toBeVisible();
    await expect(onStage.feedback.locator('.undo-toast')).toHaveCount(1);
    await expect(onStage.nowPanel).toContainText('Yellow');
    expect(await queueTop()).toBe(before);
    await atEachSize(
      page,
      async (size) => {
        await expectNothingOverControls(page, `${size.name} after Played`);
        await page.screenshot({ path: `${shotsOf()}/stage-played-${size.name}.png` });
      },
      SIZES,
    );

    // Up Next on a waiting row: its toast joins the Undo in the same strip.
    await page.setViewportSize({ width: 1024, height: 768 });
    await onStage.action('Creep', 'Up Next', onStage.active).click();
    await expect(onStage.toast).toHaveText('Added to Up Next!');
    await atEachSize(
      page,
      async (size) => {
        await expectNothingOverControls(page, `${size.name} after Up Next`);
        await page.screenshot({ path: `${shotsOf()}/stage-up-next-${size.name}.png` });
      },
      SIZES,
    );

    // Reject and the moves are one tap away, behind "…".
    await onStage.more('Hallelujah', onStage.active).click();
    await expect(onStage.action('Hallelujah', 'Reject', onStage.active)).toBeVisible();
    await page.screenshot({ path: `${shotsOf()}/stage-menu-390x844.png` });
    await onStage.action('Hallelujah', 'Reject', onStage.active).click();
    // REJECTED among the completed: its flag at AA contrast too.
    await expect(onStage.card('Hallelujah', onStage.completed)).toContainText('REJECTED');
    await expectNoSeriousA11yFindings(page, 'the stage screen');

    // Block is behind "…" too, after a confirm: the requester's row leaves the queue.
    await onStage.more('Jolene', onStage.active).click();
    await onStage
      .card('Jolene', onStage.active)
      .getByRole('button', { name: 'Block Fan 11' })
      .click();
    await page
      .getByRole('dialog', { name: 'Block this requester?' })
      .getByRole('button', { name: 'Block' })
      .click();
    await expect(onStage.card('Jolene', onStage.active)).toHaveCount(0);
    await expect(onStage.toast).toHaveText(messages.requesterBlocked);
  });

  test('Next is never empty while someone waits, and NEW clears once seen', async ({
    page,
    request,
    onStage,
    signedInMusician,
  }) => {
    const musician = await signedInMusician({ songs: SONGS.slice(0, 3) });
    await onStage.goto(musician.slug);
    await expect(onStage.connection).toHaveText('Connected');
    const [first, second, third] = musician.songIds as unknown as [string, string, string];
    await submitRequestByApi(request, first, { requester_name: 'Ana' });
    await submitRequestByApi(request, second, { requester_name: 'Bo' });
    await expect(onStage.newBadge).toHaveText('+2 New!');

    await atEachSize(
      page,
      async (size) => {
        // Nothing lined up: Next offers the first waiting request, one tap from Up Next.
        await expect(onStage.nextSuggestion, size.name).toBeVisible();
        await expect(onStage.nextSuggestion).toContainText(messages.onStageNextSuggestion);
        await expect(onStage.nextSuggestion).toContainText('Wonderwall');
        await page.screenshot({ path: `${shotsOf()}/stage-next-suggested-${size.name}.png` });
      },
      SIZES,
    );
    await page.setViewportSize({ width: 1024, height: 768 });
    await onStage.nextSuggestion.getByRole('button', { name: 'Up Next', exact: true }).click();
    await expect(onStage.nowPanel).toContainText('Wonderwall');
    // One lined up: Next is the next waiting one.
    await expect(onStage.nextSuggestion).toContainText('Yellow');

    // The NEW flags go by themselves once the rows have been in sight a few seconds.
    await expect(onStage.newBadge).toBeHidden({ timeout: 10_000 });
    await expect(onStage.active.getByText('NEW', { exact: true })).toHaveCount(0);
    await submitRequestByApi(request, third, { requester_name: 'Cy' });
    await expect(onStage.newBadge).toHaveText('+1 New!');
    await expect(onStage.newBadge).toBeHidden({ timeout: 10_000 });
    await expectNoSeriousA11yFindings(page, 'the stage screen with a suggested Next');
  });

  test('the header never overlaps itself: countdown, closed, +10 min, long names', async ({
    page,
    request,
    onStage,
    signedInMusician,
  }) => {
    const musician = await signedInMusician({ songs: SONGS.slice(0, 2) });
    const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
    const items = [
      '.stage-title h1',
      '.stage-title .live-indicator',
      '.stage-status > span',
      '.request-window-countdown',
      '.request-window-extend',
      '.request-window-summary',
      '.requests-toggle',
      '.stage-icon-status',
      '.stage-dashboard-link',
      '.queue-feedback .undo-toast',
      '.queue-feedback .toast',
    ];
    // What must show whole (only the names may shorten, with an ellipsis).
    const whole = page.locator(
      '.request-window-countdown, .request-window-extend, .request-window-summary, .requests-toggle',
    );
    const check = async (state: string) =>
      atEachSize(
        page,
        async (size) => {
          const where = `${state} at ${size.name}`;
          await page.screenshot({ path: `${shotsOf()}/header-${state}-${size.name}.png` });
          const { overlaps, shown } = await overlappingItems(page, items);
          expect(overlaps, where).toEqual([]);
          expect(shown.length, where).toBeGreaterThanOrEqual(5);
          for (const item of await whole.all()) {
            expect(await isWhollyShown(item), `${where}: ${await item.textContent()}`).toBe(true);
          }
        },
        SIZES,
      );

    const auth = { authorization: `Bearer ${musician.token}` };
    // A short show's name stays whole beside a long musician's name, which gives way first.
    expect(
      (await request.post('/api/shows/start', { headers: auth, data: { name: 'Gig' } })).ok(),
    ).toBe(true);
    await updateProfileByApi(request, musician.token, { requests_close_at: inMinutes(45) });
    await onStage.goto(musician.slug);
    await expect(onStage.requestWindow).toContainText('Closes in 45 minutes');
    await expect(onStage.requestWindow.getByText(messages.requestWindowTitle)).toBeVisible();
    await check('countdown');
    await atEachSize(
      page,
      async (size) => {
        const status = onStage.showStatus.locator('span').first();
        expect(await endsInEllipsis(status), `"Show running: Gig" at ${size.name}`).toBe(false);
      },
      SIZES,
    );
    expect((await request.post('/api/shows/stop', { headers: auth })).ok()).toBe(true);

    await onStage.extendWindow.click();
    await expect(onStage.requestWindow).toContainText('Closes in 55 minutes');
    await check('extended');

    await onStage.requestsToggle.click();
    await expect(onStage.showStatus).toContainText(messages.onStageRequestsOff);
    await updateProfileByApi(request, musician.token, { requests_open_at: inMinutes(30) });
    await onStage.page.reload();
    await expect(onStage.requestWindow).toContainText('Opens in 30 minutes');
    await check('closed');

    const started = await request.post('/api/shows/start', {
      headers: auth,
      data: { name: 'The Very Long Friday Night Acoustic Session at the Harbour Bar' },
    });
    expect(started.ok()).toBe(true);
    await updateProfileByApi(request, musician.token, {
      name: 'Marie-Chloé Fontaine-Delacroix and the Midnight Harbour Orchestra',
    });
    await onStage.page.reload();
    await expect(onStage.showStatus).toContainText('Harbour Bar');
    await check('long-names');
  });
});
