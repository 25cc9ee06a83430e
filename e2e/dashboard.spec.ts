import { fill } from '#shared/fill-message.ts';
import { messages } from '#shared/messages.ts';
import { expect, test } from './fixtures.ts';
import { expectNoSeriousA11yFindings } from './support/axe.ts';
import { addSongByApi, updateProfileByApi } from './support/musicians.ts';
import { setRequestStatusByApi, submitRequestByApi } from './support/requests.ts';
import { atEachSize } from './support/screenshots.ts';
import { DREAMS, HALO, YELLOW } from './support/songs.ts';

test.describe('dashboard', () => {
  test.beforeEach(async ({ signedInMusician }) => {
    await signedInMusician();
  });

  test('opens on the On Stage tab and moves between tabs with the arrow keys', async ({
    page,
    dashboard,
  }) => {
    await expect(dashboard.tabs).toHaveText([
      'On Stage',
      'Songs',
      'Requests',
      'Analytics',
      'Profile',
      'Design',
    ]);
    await expect(dashboard.tab('On Stage')).toHaveAttribute('aria-selected', 'true');
    await expect(dashboard.sectionSelect).toBeHidden();

    await dashboard.tab('On Stage').focus();
    await page.keyboard.press('ArrowRight');
    await expect(dashboard.tab('Songs')).toBeFocused();
    await expect(dashboard.tab('Songs')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(dashboard.tab('Design')).toHaveAttribute('aria-selected', 'true');
    await expect(dashboard.panel).toContainText('Audience page design');
  });

  test('the Profile tab shows the audience link and copies it', async ({
    page,
    context,
    dashboard,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await dashboard.tab('Profile').click();
    await expect(page).toHaveURL('/dashboard?tab=profile');

    const link = await dashboard.audienceLink.inputValue();
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/musician\/[a-z0-9-]+$/);
    await expect(dashboard.viewLink).toHaveAttribute('href', link);
    await expect(dashboard.viewLink).toHaveAttribute('target', '_blank');

    await dashboard.copyLinkButton.click();
    await expect(dashboard.copyLinkButton).toHaveText('Copied!');
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(link);
    await expect(dashboard.copyLinkButton).toHaveText('Copy', { timeout: 4_000 });
  });

  test('/profile opens the dashboard on the Profile tab', async ({ page, dashboard }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL('/dashboard?tab=profile');
    await expect(dashboard.tab('Profile')).toHaveAttribute('aria-selected', 'true');
  });

  test('on a phone the tabs become a dropdown', async ({ page, dashboard }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await expect(dashboard.tabs.first()).toBeHidden();
    await dashboard.sectionSelect.selectOption('Profile');
    await expect(page).toHaveURL('/dashboard?tab=profile');
    await expect(dashboard.audienceLink).toBeVisible();
  });

  test('says when the profile cannot be reloaded, and Retry reloads it', async ({
    page,
    dashboard,
  }) => {
    await page.route('**/api/profile', (route) =>
      route.fulfill({ status: 500, json: { detail: 'Internal Server Error' } }),
    );
    await page.reload();
    const failed = page.getByRole('alert').filter({ hasText: 'Error loading profile' });
    await expect(failed).toBeVisible();
    // The stored profile stays usable meanwhile.
    await expect(dashboard.welcome).toBeVisible();

    await page.unroute('**/api/profile');
    await failed.getByRole('button', { name: 'Retry' }).click();
    await expect(failed).toBeHidden();
  });
});

/** The sizes the dashboard is looked at: a phone, a tablet upright, a laptop. */
const DASHBOARD_SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 768, height: 1024 },
  { name: 'tablet landscape', width: 1024, height: 768 },
  { name: 'desktop', width: 1280, height: 800 },
];

test.describe('the first run leads to the first show', () => {
  test('a new account sees the checklist; each step completes from real data', async ({
    page,
    request,
    dashboard,
    signedInMusician,
  }) => {
    const musician = await signedInMusician();
    await expect(dashboard.firstRun).toBeVisible();
    await expect(dashboard.firstRun).toContainText(
      fill(messages.firstRunProgress, { done: 0, total: 4 }),
    );
    await expect(dashboard.onStageShow).toHaveText(messages.onStageNoShow);
    await expectNoSeriousA11yFindings(page, 'On Stage tab, first run');
    await atEachSize(
      page,
      ({ width, height }) =>
        page.screenshot({ path: `test-results/shots/first-run-${width}x${height}.png` }),
      DASHBOARD_SIZES,
    );
    await page.setViewportSize({ width: 1280, height: 800 });

    // Songs: one tap opens the Songs tab; a song added (here by the API) ticks it off.
    await dashboard.firstRunStep(messages.firstRunAddSongs).getByRole('button').click();
    await expect(dashboard.tab('Songs')).toHaveAttribute('aria-selected', 'true');
    await addSongByApi(request, musician.token, HALO);
    await dashboard.tab('On Stage').click();
    await expect(dashboard.firstRunStep(messages.firstRunAddSongs)).toContainText('(done)');

    // Profile: one tap opens it; a bio saved on another device ticks it off, live.
    await dashboard.firstRunStep(messages.firstRunProfile).getByRole('button').click();
    await expect(dashboard.tab('Profile')).toHaveAttribute('aria-selected', 'true');
    await updateProfileByApi(request, musician.token, { bio: 'Piano and voice.' });
    await dashboard.tab('On Stage').click();
    await expect(dashboard.firstRunStep(messages.firstRunProfile)).toContainText('(done)');

    // QR code: one tap shows it, ready to print.
    await dashboard.firstRunStep(messages.firstRunQrCode).getByRole('button').click();
    const qr = page.getByRole('dialog', { name: 'Your QR code' });
    await expect(qr).toBeVisible();
    await qr.getByRole('button', { name: 'Close' }).first().click();
    await expect(dashboard.firstRunStep(messages.firstRunQrCode)).toContainText('(done)');
    await expect(dashboard.firstRun).toContainText(
      fill(messages.firstRunProgress, { done: 3, total: 4 }),
    );

    // The first show: one tap opens the header's Start form; started, the checklist is gone.
    await dashboard.firstRunStep(messages.firstRunStartShow).getByRole('button').click();
    await page.getByLabel('Show name').fill('Friday at the Anchor 🎸');
    await page.getByRole('button', { name: 'Start Show', exact: true }).click();
    await expect(dashboard.onStageShow).toHaveText(
      fill(messages.onStageShowRunning, { name: 'Friday at the Anchor 🎸' }),
    );
    await expect(dashboard.firstRun).toBeHidden();
    await page.reload();
    await expect(dashboard.onStageShow).toBeVisible();
    await expect(dashboard.firstRun).toBeHidden();
  });

  test('Start and Stop show from the On Stage tab header', async ({
    page,
    dashboard,
    signedInMusician,
  }) => {
    await signedInMusician();
    await dashboard.startShowButton.click();
    // A show needs a name: said on the field.
    await page.getByRole('button', { name: 'Start Show', exact: true }).click();
    await expect(page.getByLabel('Show name')).toHaveAccessibleDescription(
      messages.showNameRequired,
    );
    // The longest name the field takes, double-tapped: one show, and a header that wraps.
    const longName = `Saturday late set ${'🎷 at the Blue Moon Jazz Lounge '.repeat(10)}`.slice(
      0,
      100,
    );
    await page.getByLabel('Show name').fill(`${longName}${'x'.repeat(10_000)}`);
    await expect(page.getByLabel('Show name')).toHaveValue(longName);
    await page.getByRole('button', { name: 'Start Show', exact: true }).dblclick();
    await expect(dashboard.onStageShow).toHaveText(
      fill(messages.onStageShowRunning, { name: longName.trim() }),
    );
    await page.setViewportSize({ width: 390, height: 844 });
    const header = await dashboard.onStageShow.boundingBox();
    expect(header!.x + header!.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'test-results/shots/show-running-long-name-390x844.png' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(dashboard.startShowButton).toBeHidden();
    await expectNoSeriousA11yFindings(page, 'On Stage tab, show running');

    await dashboard.stopShowButton.click();
    await expect(dashboard.onStageShow).toHaveText(messages.onStageNoShow);
    await expect(dashboard.startShowButton).toBeVisible();
    // The Requests tab agrees.
    await dashboard.tab('Requests').click();
    await expect(dashboard.showItem('Saturday late set')).toHaveCount(1);
    await expect(dashboard.startShowButton).toBeVisible();
  });
});

test.describe('the queue mid-show', () => {
  test('says "All caught up" with the show\'s counts once the last request is answered, on the dashboard and the stage screen', async ({
    page,
    request,
    dashboard,
    onStage,
    signedInMusician,
  }) => {
    const musician = await signedInMusician({ songs: [HALO, DREAMS, YELLOW] });
    const headers = { authorization: `Bearer ${musician.token}` };
    expect((await request.post('/api/shows/start', { headers, data: { name: 'Gig' } })).ok()).toBe(
      true,
    );
    const created = [];
    for (const id of musician.songIds) created.push(await submitRequestByApi(request, id));
    await expect(dashboard.card(dashboard.liveColumn, 'Yellow')).toBeVisible();

    // Answered on another device: this one hears it, and the counts come from the server.
    await setRequestStatusByApi(request, musician.token, created[0]!.id, 'played');
    await setRequestStatusByApi(request, musician.token, created[1]!.id, 'rejected');
    await setRequestStatusByApi(request, musician.token, created[2]!.id, 'played');
    const counts = fill(messages.queueCaughtUpShow, { requests: '3 requests', played: 2 });
    await expect(dashboard.caughtUp).toContainText(messages.queueCaughtUpTitle);
    await expect(dashboard.caughtUp).toContainText(counts);
    await expect(page.getByText(messages.queueEmptyTitle)).toBeHidden();
    await expectNoSeriousA11yFindings(page, 'On Stage tab, all caught up');

    await atEachSize(
      page,
      ({ width, height }) =>
        page.screenshot({ path: `test-results/shots/caught-up-dashboard-${width}x${height}.png` }),
      DASHBOARD_SIZES,
    );

    await onStage.goto(musician.slug);
    await expect(page.locator('.queue-caught-up')).toContainText(counts);
    await expect(page.getByText(messages.queueEmptyTitle)).toBeHidden();
    await atEachSize(
      page,
      ({ width, height }) =>
        page.screenshot({ path: `test-results/shots/caught-up-stage-${width}x${height}.png` }),
      [
        { name: 'tablet landscape', width: 1024, height: 768 },
        { name: 'tablet', width: 768, height: 1024 },
      ],
    );
  });

  test("a new account's empty queue still offers the first request", async ({
    page,
    dashboard,
    signedInMusician,
  }) => {
    await signedInMusician();
    await expect(page.getByText(messages.queueEmptyTitle)).toBeVisible();
    await expect(dashboard.caughtUp).toBeHidden();
  });
});

test('each dashboard tab of the first run passes axe', async ({
  page,
  dashboard,
  signedInMusician,
}) => {
  // Every tab checked by axe: 25-30 s beside another worker on CI's two cores.
  test.setTimeout(90_000);
  await signedInMusician({ songs: [HALO] });
  for (const tab of ['On Stage', 'Songs', 'Requests', 'Profile'] as const) {
    await dashboard.tab(tab).click();
    await expect(dashboard.tab(tab)).toHaveAttribute('aria-selected', 'true');
    await expect(dashboard.panel).not.toContainText('Loading');
    await expectNoSeriousA11yFindings(page, `${tab} tab`);
  }
});
