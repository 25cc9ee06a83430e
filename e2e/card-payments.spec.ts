import type { Page } from '@playwright/test';
import type { StripeStub } from '#server-test/helpers/stripe-stub/stripe-stub.ts';
import { expect, test } from './fixtures.ts';
import { AudiencePage } from './pages/audience-page.ts';
import { RequestForm, SentSheet, TipModal } from './pages/audience-modals.ts';
import { OnStagePage } from './pages/on-stage-page.ts';
import { ProfileTab } from './pages/profile-tab.ts';
import { StripePages } from './pages/stripe-pages.ts';
import { submitRequestByApi } from './support/requests.ts';
import { PHONE } from './support/phone.ts';
import { atEachSize, SCREEN_SIZES } from './support/screenshots.ts';
import { song } from './support/songs.ts';
import { startE2eStripe } from './support/stripe-stub.ts';

const SHOTS = '/tmp/shots-client';
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });

// One local Stripe on a fixed port: the walk is one test, in one worker.
let stripe: StripeStub;
test.beforeAll(async () => {
  stripe = await startE2eStripe();
});
test.afterAll(async () => {
  await stripe?.close();
});

test('a card tip and a paid request, from onboarding to the refund of a rejection', async ({
  page,
  browser,
  request,
  signedInMusician,
}) => {
  // Onboarding, two Checkouts and a refund through the local Stripe: 25 s alone.
  test.setTimeout(90_000);
  const musician = await signedInMusician({
    songs: [song('Halo', 'Beyoncé'), song('Jolene', 'Dolly Parton')],
  });
  const [haloId] = musician.songIds;
  const profile = new ProfileTab(page);
  const stripePage = new StripePages(page);

  await test.step('the musician onboards through Stripe: the profile says cards are on', async () => {
    await profile.open('Payments');
    await expect(profile.cardPayments).toBeVisible();
    await profile.acceptCardTips.click();
    await expect(page).toHaveURL(/\/onboarding\/acct_/);
    await stripePage.finishOnboarding.click();
    await expect(page).toHaveURL(/\/dashboard\?tab=profile&section=payments$/);
    await expect(profile.cardPayments.getByRole('status')).toHaveText('Card payments are on');
  });

  await test.step('sets a price for paid requests, saved with the profile', async () => {
    await profile.paidRequestPrice.fill('5');
    await profile.saveButton.click();
    await expect(profile.settingsStatus).toContainText('Profile updated');
    await atEachSize(page, (size) => shot(page, `profile-card-payments-${size.name}`));
    await page.setViewportSize(SCREEN_SIZES[2]!);
  });

  // The audience: a phone held in one hand.
  const phoneContext = await browser.newContext({ ...PHONE });
  const phone = await phoneContext.newPage();
  const audience = new AudiencePage(phone);
  const tip = new TipModal(phone);
  const form = new RequestForm(phone);
  const phoneStripe = new StripePages(phone);

  await test.step('a phone tips by card: Checkout, then "Tip received, thank you"', async () => {
    await audience.goto(musician.slug);
    await audience.tipButton.click();
    await expect(tip.card).toBeChecked();
    await tip.quickAmount('$5').click();
    await shot(phone, 'phone-tip-sheet-card');
    const sessionsBefore = stripe.sessions.size;
    // A double tap makes one Checkout session.
    await tip.sendTip.dblclick();
    await expect(phone).toHaveURL(/\/pay\/cs_/);
    expect(stripe.sessions.size).toBe(sessionsBefore + 1);
    await expect(phone.getByText('$5.00')).toBeVisible();
    await phoneStripe.pay.click();
    await expect(audience.checkoutStatus).toHaveText('Tip received, thank you');
    // Said once: the address loses the session id.
    await expect(phone).toHaveURL(new RegExp(`/musician/${musician.slug}$`));
    await atEachSize(phone, (size) => shot(phone, `audience-tip-received-${size.name}`));
    await phone.setViewportSize(PHONE.viewport);
  });

  await test.step('the phone asks for a song paid to skip the line, and pays', async () => {
    // Someone asked first, for free: the paid request still goes before them.
    await submitRequestByApi(request, haloId, { requester_name: 'Early Bird' });
    await audience.requestSong('Jolene');
    await form.fill('Kim', 'kim@example.com');
    await expect(form.skipTheLine).toHaveAccessibleName(/^Skip the line for \$5/);
    await form.skipTheLine.check();
    await expect(form.send).toHaveText('Continue to Payment');
    await shot(phone, 'phone-request-skip-the-line');
    await form.send.click();
    await expect(phone).toHaveURL(/\/pay\/cs_/);
    await phoneStripe.pay.click();
    await expect(audience.checkoutStatus).toHaveText('Payment received');
    await expect(audience.checkoutNotice).toContainText('Your request is in line.');
    await expect(audience.myRequest('Jolene')).toContainText('Paid');
    await expect(new SentSheet(phone).dialog).toBeHidden();
    await shot(phone, 'phone-request-paid');
  });

  const onStage = new OnStagePage(page);
  await test.step('the stage screen shows it paid, first in line', async () => {
    await onStage.goto(musician.slug);
    await expect(onStage.waitingRows).toHaveCount(2);
    await expect(onStage.waitingRows.first()).toHaveAccessibleName(/^Jolene by /);
    await expect(onStage.card('Jolene', onStage.active)).toContainText('Paid');
    await expect(onStage.card('Halo', onStage.active)).not.toContainText('Paid');
    await atEachSize(
      page,
      (size) => shot(page, `stage-paid-first-${size.name}`),
      SCREEN_SIZES.slice(1),
    );
  });

  await test.step('the musician rejects it: the phone says "Refunded"', async () => {
    await onStage.reject('Jolene', onStage.active);
    // Final once the undo window closes; then Stripe refunds at once.
    await expect(audience.myRequest('Jolene')).toContainText('Refunded', { timeout: 20_000 });
    expect(stripe.refunds).toHaveLength(1);
    await shot(phone, 'phone-request-refunded');
  });

  await phoneContext.close();
});
