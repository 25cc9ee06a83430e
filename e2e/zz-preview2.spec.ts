import { expect, test } from './fixtures.ts';
import { song } from './support/songs.ts';
import { submitRequestByApi } from './support/requests.ts';
import { ProfileTab } from './pages/profile-tab.ts';
import { OnStagePage } from './pages/on-stage-page.ts';
import { atEachSize } from './support/screenshots.ts';

test('preview musician', async ({ page, request, signedInMusician }) => {
  const musician = await signedInMusician({
    songs: [
      song('Halo', 'Beyoncé'),
      song('Jolene', 'Dolly Parton'),
      song('Zombie', 'The Cranberries'),
    ],
  });
  let mode = 'connect';
  let enabled = false;
  await page.route('**/api/payments/account', (route) =>
    route.fulfill({ json: { mode, card_payments_enabled: enabled, account_connected: enabled } }),
  );
  const profile = new ProfileTab(page);
  await profile.open('Payments');
  await expect(profile.acceptCardTips).toBeVisible();
  await atEachSize(page, (s) =>
    page.screenshot({ path: `/tmp/shots-client/preview-profile-connect-${s.name}.png` }),
  );
  mode = 'own_account';
  await page.reload();
  await expect(profile.cardPayments).toBeVisible();
  await page.screenshot({ path: '/tmp/shots-client/preview-profile-own.png' });
  mode = 'connect';
  await page.goto('/dashboard?tab=profile&stripe=return');
  await expect(profile.cardPayments.getByRole('status')).toHaveText(
    'Stripe still needs a few details',
  );
  await page.screenshot({ path: '/tmp/shots-client/preview-profile-incomplete.png' });

  for (const [i, id] of musician.songIds.entries())
    await submitRequestByApi(request, id, { requester_name: `Fan ${i}` });
  await page.route('**/api/requests/updates/**', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    for (const r of body.requests) {
      if (r.song_title === 'Jolene') {
        r.payment = 'paid';
        r.tips = [{ id: 'x', amount: 5, platform: 'card', tipper_name: 'Kim', received: true }];
        r.tip_received = 5;
      }
      if (r.song_title === 'Zombie') r.payment = 'refunded';
    }
    await route.fulfill({ response, json: body });
  });
  const onStage = new OnStagePage(page);
  await onStage.goto(musician.slug);
  await expect(onStage.waitingRows).toHaveCount(3);
  await atEachSize(page, (s) =>
    page.screenshot({ path: `/tmp/shots-client/preview-stage-${s.name}.png` }),
  );
  await page.goto('/dashboard?tab=requests');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(1000);
  await page.screenshot({ path: '/tmp/shots-client/preview-requests-tab.png' });
});
