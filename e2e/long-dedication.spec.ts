import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { CREEP, YELLOW } from './support/songs.ts';
import { OnStagePage } from './pages/on-stage-page.ts';
import { submitRequestByApi } from './support/requests.ts';

// 2,000 characters of words, as a phone can send (the limit is the API's text maximum).
const LONG = Array.from({ length: 400 }, (_, i) => `word${i % 10}`)
  .join(' ')
  .slice(0, 2000);

/** The card keeps to three lines of dedication, its buttons on screen, and shows the rest on request. */
async function expectClamped(page: Page, card: Locator, buttons: string[]) {
  await card.scrollIntoViewIfNeeded();
  const box = await card.boundingBox();
  expect(box!.height).toBeLessThan(320);
  for (const name of buttons) {
    await expect(card.getByRole('button', { name, exact: true })).toBeInViewport();
  }
  const more = card.getByRole('button', { name: 'Show more' });
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  // Keyboard first: the toggle is a real button.
  await more.focus();
  await page.keyboard.press('Enter');
  const less = card.getByRole('button', { name: 'Show less' });
  await expect(less).toHaveAttribute('aria-expanded', 'true');
  expect((await card.boundingBox())!.height).toBeGreaterThan(box!.height + 200);
  await less.click();
  await expect(card.getByRole('button', { name: 'Show more' })).toBeVisible();
  expect((await card.boundingBox())!.height).toBeLessThan(320);
}

test.describe('a long dedication', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('is three lines with Show more on every queue screen; a short one has no toggle', async ({
    page,
    request,
    dashboard,
    signedInMusician,
  }) => {
    const musician = await signedInMusician({ songs: [CREEP, YELLOW] });
    const [songId, shortId] = musician.songIds;
    await submitRequestByApi(request, songId, { dedication: LONG });
    await submitRequestByApi(request, shortId, { dedication: 'For Sam' });

    const onStageCard = dashboard.card(dashboard.liveColumn, 'Creep');
    await expectClamped(page, onStageCard, ['Up Next', 'Played', 'Reject']);
    const short = dashboard.card(dashboard.liveColumn, 'Yellow');
    await expect(short).toContainText('For Sam');
    await expect(short.getByRole('button', { name: 'Show more' })).toHaveCount(0);

    await dashboard.tab('Requests').click();
    await expectClamped(page, dashboard.card(dashboard.allRequests, 'Creep'), [
      'Played',
      'Reject',
      'Delete',
    ]);

    const onStage = new OnStagePage(page);
    await onStage.goto(musician.slug);
    // On stage, Reject waits behind the row's "…" (issue 43).
    await expectClamped(page, onStage.card('Creep', onStage.active), [
      'Up Next',
      'Played',
      'More for Creep',
    ]);
  });
});
