import { expect, test } from './fixtures.ts';
import { PHONE } from './support/phone.ts';
import { song } from './support/songs.ts';
import { RequestForm, TipModal } from './pages/audience-modals.ts';

test.use(PHONE);

test('preview', async ({ page, audience, registeredMusician }) => {
  const musician = await registeredMusician({
    profile: {
      venmo_enabled: true,
      venmo_username: 'band',
      cash_app_enabled: true,
      cash_app_username: 'band',
    },
    songs: [song('Halo', 'Beyoncé'), song('Jolene', 'Dolly Parton')],
  });
  await page.route(`**/api/musicians/${musician.slug}`, async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    await route.fulfill({ response, json: { ...body, card_tips: true, paid_request_price: 5 } });
  });
  let status = 'open';
  await page.route('**/api/payments/checkout/**', (route) =>
    route.fulfill({ json: { kind: 'tip', status, amount: 5 } }),
  );
  await page.addInitScript((slug) => {
    localStorage.setItem(
      `song-requests:my-requests:${slug}`,
      JSON.stringify([
        {
          token: 't1xxxxxxxxxxxxxxxxxxxxxx',
          id: 'a',
          song_title: 'Jolene',
          song_artist: 'Dolly Parton',
          status: 'pending',
          updated_at: '2030-01-01T00:00:00.000Z',
          payment: 'awaiting',
        },
        {
          token: 't2xxxxxxxxxxxxxxxxxxxxxx',
          id: 'b',
          song_title: 'Halo',
          song_artist: 'Beyoncé',
          status: 'accepted',
          queue_position: 1,
          updated_at: '2030-01-01T00:00:00.000Z',
          payment: 'paid',
        },
        {
          token: 't3xxxxxxxxxxxxxxxxxxxxxx',
          id: 'c',
          song_title: 'Bohemian Rhapsody',
          song_artist: 'Queen',
          status: 'rejected',
          updated_at: '2030-01-01T00:00:00.000Z',
          payment: 'refunded',
        },
      ]),
    );
  }, musician.slug);
  await page.route('**/api/request-status/**', (route) => route.abort());
  await audience.goto(musician.slug, '?checkout=cs_test_1');
  await expect(audience.checkoutStatus).toHaveText('Confirming your payment…');
  await page.screenshot({ path: '/tmp/shots-client/preview-confirming.png' });
  status = 'paid';
  await expect(audience.checkoutStatus).toHaveText('Tip received, thank you', { timeout: 10000 });
  await page.screenshot({ path: '/tmp/shots-client/preview-paid.png' });
  await audience.tipButton.click();
  const tip = new TipModal(page);
  await expect(tip.card).toBeChecked();
  await tip.quickAmount('$5').click();
  await page.screenshot({ path: '/tmp/shots-client/preview-tip.png' });
  await tip.close.click();
  await audience.requestSong('Halo');
  const form = new RequestForm(page);
  await form.fill('Kim', 'kim@example.com');
  await form.skipTheLine.check();
  await page.screenshot({ path: '/tmp/shots-client/preview-request.png' });
});
