import { messages } from '#shared/messages.ts';
import { expect, test } from './fixtures.ts';
import { DREAMS } from './support/songs.ts';
import { OnStagePage } from './pages/on-stage-page.ts';
import { StageDevicesPanel, StagePairPage } from './pages/stage-devices.ts';
import { musicianRequestsByApi, submitRequestByApi } from './support/requests.ts';

test.describe('Stage devices', () => {
  test('a bandmate’s tablet pairs with a code, works the queue, and is signed out when removed', async ({
    browser,
    page,
    request,
    signedInMusician,
  }) => {
    const musician = await signedInMusician({ songs: [DREAMS] });
    const [songId] = musician.songIds;
    await submitRequestByApi(request, songId, { requester_name: 'Robin' });

    // The musician makes a code on the dashboard.
    const panel = new StageDevicesPanel(page);
    await panel.open();
    await panel.addButton.click();
    await expect(panel.code).toHaveText(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    await expect(panel.qrCode).toBeVisible();
    await expect(panel.expiry).toContainText(/Works once, for (10:00|9:\d\d) more/);

    // The tablet (another browser, never signed in) opens the QR code's link.
    const tabletContext = await browser.newContext({ viewport: { width: 820, height: 1180 } });
    const tablet = await tabletContext.newPage();
    const stage = new OnStagePage(tablet);
    await tablet.goto(await panel.pairingUrl());
    await expect(tablet).toHaveURL(new RegExp(`/on-stage/${musician.slug}$`));
    await expect(stage.heading).toHaveText(musician.name);
    await expect(stage.connection).toHaveAttribute('data-state', 'live');
    await expect(stage.card('Dreams', stage.active)).toContainText('Robin');
    await expect(tablet.getByText('@example.com')).toHaveCount(0);

    // The dashboard sees it paired.
    await expect(panel.pairedMessage).toBeVisible({ timeout: 10_000 });
    await panel.dialog.getByRole('button', { name: 'Done' }).click();
    await expect(panel.devices).toHaveCount(1);
    await expect(panel.devices).toContainText('Stage device 1');

    // The tablet works the queue...
    await stage.action('Dreams', 'Up Next', stage.active).click();
    await expect(stage.toast).toHaveText('Added to Up Next!');
    await expect(stage.card('Dreams', stage.upNext)).toBeVisible();
    await expect
      .poll(async () => (await musicianRequestsByApi(request, musician.token))[0]?.status)
      .toBe('up_next');

    // ...and cannot open the dashboard: it is sent back to its On Stage screen.
    await tablet.goto('/dashboard');
    await expect(tablet).toHaveURL(new RegExp(`/on-stage/${musician.slug}$`));
    await expect(stage.card('Dreams', stage.upNext)).toBeVisible();

    // The musician removes it: the tablet is signed out within seconds.
    await panel.remove('Stage device 1');
    await expect(panel.devices).toHaveCount(0);
    await expect(tablet.getByRole('link', { name: 'Sign in' })).toBeVisible({ timeout: 5_000 });
    await expect(stage.card('Dreams')).toHaveCount(0);
    expect(await tablet.evaluate(() => localStorage.getItem('song-requests.session'))).toBeNull();
    await tabletContext.close();
  });

  test('the code can be typed, and a wrong one says what to do', async ({
    browser,
    page,
    signedInMusician,
  }) => {
    const musician = await signedInMusician();
    const panel = new StageDevicesPanel(page);
    await panel.open();
    await panel.addButton.click();
    const code = (await panel.code.textContent())!;

    const tabletContext = await browser.newContext();
    const pair = new StagePairPage(await tabletContext.newPage());
    await pair.goto();
    await pair.codeField.fill('WRNG-CODE');
    await pair.pairButton.click();
    await expect(pair.error).toHaveText(messages.stagePairingCodeInvalid);

    await pair.codeField.fill(code.toLowerCase());
    await pair.pairButton.click();
    await expect(pair.page).toHaveURL(new RegExp(`/on-stage/${musician.slug}$`));
    await expect(new OnStagePage(pair.page).heading).toHaveText(musician.name);
    await tabletContext.close();
  });

  test('signing in from the On Stage screen comes back to it', async ({
    page,
    landing,
    registeredMusician,
  }) => {
    const musician = await registeredMusician();
    await page.goto(`/on-stage/${musician.slug}`);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/\?next=/);
    await landing.login(musician.email, musician.password);
    await expect(page).toHaveURL(new RegExp(`/on-stage/${musician.slug}$`));
    await expect(new OnStagePage(page).heading).toHaveText(musician.name);
  });
});
