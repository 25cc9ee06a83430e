import type { BrowserContext } from '@playwright/test';
import { messages } from '#shared/messages.ts';
import { expect, test } from './fixtures.ts';
import { FULL_PROFILE } from './support/musicians.ts';
import { DREAMS, HALO, JOLENE, VALERIE, WONDERWALL } from './support/songs.ts';
import { audienceModals } from './pages/audience-modals.ts';
import { EXTERNAL_HOSTS, PHONE } from './support/phone.ts';
import { musicianRequestsByApi } from './support/requests.ts';

test.use(PHONE);

/** Payment and social sites answer with an empty page: the test reads where the tab went. */
async function stubOutsideWorld(context: BrowserContext): Promise<string[]> {
  const visited: string[] = [];
  await context.route(EXTERNAL_HOSTS, (route) => {
    visited.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<p>stub</p>' });
  });
  return visited;
}

test.describe('requesting a song from a phone', () => {
  test('request, tip through Venmo in a new tab, then the follow links', async ({
    page,
    context,
    request,
    audience,
    registeredMusician,
  }) => {
    const musician = await registeredMusician({ profile: FULL_PROFILE, songs: [WONDERWALL] });
    await stubOutsideWorld(context);
    const modals = audienceModals(page);

    await audience.goto(musician.slug);
    await audience.requestSong('Wonderwall');
    await expect(modals.request.dialog).toContainText('Wonderwall');
    await modals.request.send.click();
    // Said by each field, the first one focused.
    await expect(modals.request.name).toBeFocused();
    await expect(modals.request.name).toHaveAccessibleDescription(
      messages.requestNameEmailRequired,
    );
    await expect(modals.request.email).toHaveAccessibleDescription(
      messages.requestNameEmailRequired,
    );
    await modals.request.fill('Maria', 'maria@example.com', 'For my sister');
    await modals.request.send.click();

    // Sent first (issue 43), with the place in line; the tip is an optional step after it.
    const { sent, tip } = modals;
    await expect(sent.headline).toHaveText("Sent: you're #1 in line");
    await expect(sent.dialog).toContainText('Wonderwall');
    await expect(tip.dialog).toBeHidden();
    await sent.sendTip.click();

    // The tip modal: cleared, the first app set up preselected, Send Tip off until an amount.
    await expect(tip.dialog).toBeVisible();
    await expect(tip.amount).toHaveValue('');
    await expect(tip.message).toHaveValue('');
    await expect(tip.platform('Venmo')).toBeChecked();
    for (const app of ['PayPal', 'Cash App', 'Zelle'])
      await expect(tip.platform(app)).toBeVisible();
    await expect(tip.sendTip).toBeDisabled();
    await tip.amount.fill('600');
    await expect(tip.dialog).toContainText(messages.tipAmountTooHigh);
    await expect(tip.sendTip).toBeDisabled();
    await tip.amount.fill('0');
    await expect(tip.dialog).toContainText(messages.tipAmountInvalid);
    await tip.quickAmount('$5').click();
    await expect(tip.amount).toHaveValue('5');
    await expect(tip.quickAmount('$5')).toHaveAttribute('aria-pressed', 'true');

    const popup = page.waitForEvent('popup');
    const tipRecorded = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname.endsWith('/tips') &&
        response.request().method() === 'POST',
    );
    await tip.sendTip.click();
    const venmo = await popup;
    await venmo.waitForURL(/venmo\.com/);
    const link = new URL(venmo.url());
    expect(link.searchParams.get('txn')).toBe('pay');
    expect(link.searchParams.get('recipients')).toBe(FULL_PROFILE.venmo_username);
    expect(link.searchParams.get('amount')).toBe('5.00');
    expect(link.searchParams.get('note')).toBe('Thanks for the music! (with song request)');
    await venmo.close();

    const { follow } = modals;
    await expect(follow.dialog).toBeVisible();
    await expect(follow.dialog).toContainText('Wonderwall');
    const instagram = page.waitForEvent('popup');
    await follow.link('Instagram').click();
    await (await instagram).close();
    await follow.done.click();
    await expect(follow.dialog).toBeHidden();
    await expect(audience.myRequest('Wonderwall')).toContainText('Received');

    // The musician's side: one request, the tip click and the social click tracked.
    await expect
      .poll(async () => {
        const [filed] = await musicianRequestsByApi(request, musician.token);
        return filed && { tip: filed.tip_clicked, social: filed.social_clicks };
      })
      .toEqual({ tip: true, social: ['instagram'] });
    const [filed] = await musicianRequestsByApi(request, musician.token);
    expect(filed).toMatchObject({
      requester_name: 'Maria',
      requester_email: 'maria@example.com',
      dedication: 'For my sister',
    });
    const recorded = await tipRecorded;
    expect(recorded.status()).toBe(201);
    expect(recorded.request().headers()['idempotency-key']).toBeTruthy();
    expect(recorded.request().postDataJSON()).toEqual({
      amount: 5,
      platform: 'venmo',
      tipper_name: 'Maria',
      message: 'Thanks for the music! (with song request)',
      request_id: filed?.id,
    });

    // The next request: name and email remembered, the dedication not.
    await audience.requestSong('Wonderwall');
    await expect(modals.request.name).toHaveValue('Maria');
    await expect(modals.request.email).toHaveValue('maria@example.com');
    await expect(modals.request.dedication).toHaveValue('');
  });

  test('No Tip goes back to the request sent, with the follow links', async ({
    page,
    request,
    audience,
    registeredMusician,
  }) => {
    const musician = await registeredMusician({ profile: FULL_PROFILE, songs: [HALO] });
    const { sent, tip } = audienceModals(page);

    await audience.goto(musician.slug);
    await audience.sendRequest('Halo', 'Sam', 'sam@example.com');
    await sent.sendTip.click();
    await tip.noTip.click();
    await expect(tip.dialog).toBeHidden();
    await expect(sent.dialog).toBeVisible();
    await expect(sent.link('Spotify')).toHaveAttribute('href', FULL_PROFILE.spotify_artist_url);
    await page.keyboard.press('Escape');
    await expect(sent.dialog).toBeHidden();
    const [filed] = await musicianRequestsByApi(request, musician.token);
    expect(filed?.tip_clicked).toBe(false);
  });

  test('with tips off, the request sent offers no tip', async ({
    page,
    audience,
    registeredMusician,
  }) => {
    const musician = await registeredMusician({
      profile: { ...FULL_PROFILE, tips_enabled: false },
      songs: [JOLENE],
    });
    const { tip, sent } = audienceModals(page);

    await audience.goto(musician.slug);
    await expect(audience.heading).toHaveText(musician.name);
    await expect(audience.tipButton).toBeHidden();
    await audience.sendRequest('Jolene', 'Lee', 'lee@example.com');
    await expect(sent.dialog).toBeVisible();
    await expect(sent.link('Instagram')).toBeVisible();
    await expect(sent.sendTip).toBeHidden();
    await expect(tip.dialog).toBeHidden();
  });

  test('Zelle shows who to pay, with a Copy button', async ({
    page,
    context,
    request,
    audience,
    registeredMusician,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const musician = await registeredMusician({ profile: FULL_PROFILE, songs: [VALERIE] });
    const { sent, tip, zelle, follow } = audienceModals(page);

    await audience.goto(musician.slug);
    await audience.sendRequest('Valerie', 'Kim', 'kim@example.com');
    await sent.sendTip.click();
    await tip.amount.fill('12.5');
    await tip.platform('Zelle').check();
    await tip.sendTip.click();
    await expect(zelle.dialog).toContainText('$12.50');
    await expect(zelle.dialog).toContainText(FULL_PROFILE.zelle_email);
    await expect(zelle.dialog).toContainText(FULL_PROFILE.zelle_phone);
    await zelle.copy('email').click();
    await expect(zelle.dialog.getByRole('status')).toHaveText(messages.copiedToClipboard);
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(
      FULL_PROFILE.zelle_email,
    );
    await zelle.button('Done').click();
    await expect(follow.dialog).toBeVisible();
    await expect
      .poll(async () => (await musicianRequestsByApi(request, musician.token))[0]?.tip_clicked)
      .toBe(true);
  });

  test('a tip without a request, from the header, uses the default message', async ({
    page,
    context,
    audience,
    registeredMusician,
  }) => {
    const musician = await registeredMusician({
      profile: {
        venmo_username: 'only-venmo',
        paypal_enabled: false,
      },
      songs: [DREAMS],
    });
    await stubOutsideWorld(context);
    const { tip, follow } = audienceModals(page);

    await audience.goto(musician.slug);
    await audience.tipButton.click();
    await expect(tip.noTip).toBeHidden();
    await expect(tip.platform('Venmo')).toBeChecked();
    await expect(tip.platform('PayPal')).toHaveCount(0);
    await tip.quickAmount('$10').click();
    const popup = page.waitForEvent('popup');
    const tipRecorded = page.waitForRequest(
      (sent) => new URL(sent.url()).pathname.endsWith('/tips') && sent.method() === 'POST',
    );
    const trackedClicks: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes('/track-click')) trackedClicks.push(sent.url());
    });
    await tip.sendTip.click();
    const venmo = await popup;
    await venmo.waitForURL(/venmo\.com/);
    expect(new URL(venmo.url()).searchParams.get('note')).toBe('Thanks for the music!');
    expect(new URL(venmo.url()).searchParams.get('amount')).toBe('10.00');
    await venmo.close();
    await expect(follow.dialog).toBeVisible();
    expect((await tipRecorded).postDataJSON()).toEqual({
      amount: 10,
      platform: 'venmo',
      tipper_name: 'Anonymous',
      message: 'Thanks for the music!',
      request_id: null,
    });
    expect(trackedClicks).toEqual([]);
  });
});
