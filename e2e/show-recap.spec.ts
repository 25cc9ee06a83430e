import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { audienceModals } from './pages/audience-modals.ts';
import { ShowRecapPage } from './pages/show-recap-page.ts';
import { FULL_PROFILE } from './support/musicians.ts';
import { PHONE } from './support/phone.ts';
import {
  musicianRequestsByApi,
  setRequestStatusByApi,
  submitRequestByApi,
} from './support/requests.ts';
import { atEachSize, SCREEN_SIZES } from './support/screenshots.ts';
import { DREAMS, VALERIE } from './support/songs.ts';

const SHOTS = 'test-results/show-recap';
const DESKTOP = { name: 'desktop', width: 1440, height: 900 };

test.use(PHONE);

async function showByApi(request: APIRequestContext, token: string, action: 'start' | 'stop') {
  const response = await request.post(`/api/shows/${action}`, {
    headers: { authorization: `Bearer ${token}` },
    ...(action === 'start' ? { data: { name: 'Friday at the Blue Room' } } : {}),
  });
  expect(response.ok(), await response.text()).toBe(true);
}

test('after the show: the phone keeps its receipt, and its link opens the setlist', async ({
  page,
  request,
  audience,
  registeredMusician,
}) => {
  test.setTimeout(90_000);
  const musician = await registeredMusician({
    profile: { ...FULL_PROFILE, show_recaps: true },
    songs: [DREAMS, VALERIE],
  });
  await showByApi(request, musician.token, 'start');

  // Sarah asks from her phone; Tom from his (through the API).
  await audience.goto(musician.slug);
  await audience.sendRequest('Dreams', 'Sarah', 'sarah@example.com', 'Happy birthday, Mum!');
  await audienceModals(page).sent.done.click();
  await submitRequestByApi(request, musician.songIds[1], {
    requester_name: 'Tom',
    dedication: 'For the band',
  });

  // Valerie first, then Dreams: the phone hears it played and reads its receipt.
  const requests = await musicianRequestsByApi(request, musician.token);
  const idOf = (title: string) => requests.find((r) => r.song_title === title)!.id;
  await setRequestStatusByApi(request, musician.token, idOf('Valerie'), 'played');
  await setRequestStatusByApi(request, musician.token, idOf('Dreams'), 'played');
  const receipt = audience.myRequest('Dreams');
  await expect(receipt).toContainText(/Played at \d{1,2}:\d{2}\s?[AP]M for Sarah/);
  const setlistLink = receipt.getByRole('link', { name: 'See tonight’s setlist' });
  await expect(setlistLink).toBeHidden();

  // The show ends. The phone comes back out of the pocket: the page is shown again and reads
  // its played requests once more, which now link the setlist.
  await showByApi(request, musician.token, 'stop');
  await page.evaluate("document.dispatchEvent(new Event('visibilitychange'))");
  await expect(setlistLink).toBeVisible();
  await receipt.screenshot({ path: `${SHOTS}/receipt-390.png` });

  await setlistLink.click();
  const recap = new ShowRecapPage(page);
  await expect(page).toHaveURL(new RegExp(`/musician/${musician.slug}/shows/[0-9a-f-]{36}$`));
  await expect(recap.heading).toHaveText('Friday at the Blue Room');
  await expect(recap.songs).toHaveCount(2);
  await expect(recap.songs.nth(0)).toContainText('Valerie');
  await expect(recap.songs.nth(0)).toContainText('Amy Winehouse');
  await expect(recap.songs.nth(1)).toContainText('Dreams');
  // Nobody who asked: no names, no dedications.
  for (const privateText of ['Sarah', 'Tom', 'Happy birthday', 'For the band']) {
    await expect(page.locator('body')).not.toContainText(privateText);
  }
  await expect(recap.connect.getByRole('link', { name: 'Instagram' })).toBeVisible();
  await expect(recap.moreSongs).toHaveAttribute('href', `/musician/${musician.slug}`);

  await atEachSize(
    page,
    ({ width }) => page.screenshot({ path: `${SHOTS}/recap-${width}.png`, fullPage: true }),
    [...SCREEN_SIZES.filter((size) => size.name !== 'desktop'), DESKTOP],
  );
  await page.setViewportSize(PHONE.viewport);

  // Tip: the musician's page opens with the tip sheet.
  await recap.tip.click();
  await expect(page).toHaveURL(`/musician/${musician.slug}`);
  await expect(audienceModals(page).tip.dialog).toBeVisible();
});

test('a setlist not shared says so, with the way to the musician’s page', async ({
  page,
  request,
  registeredMusician,
}) => {
  const musician = await registeredMusician({ songs: [DREAMS] });
  await showByApi(request, musician.token, 'start');
  const created = await submitRequestByApi(request, musician.songIds[0]);
  await setRequestStatusByApi(request, musician.token, created.id, 'played');
  await showByApi(request, musician.token, 'stop');
  const shows = await request.get('/api/shows', {
    headers: { authorization: `Bearer ${musician.token}` },
  });
  const [show] = (await shows.json()) as { id: string }[];

  await page.goto(`/musician/${musician.slug}/shows/${show!.id}`);
  await expect(page.getByText('There is no setlist to see here.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'See their songs' })).toHaveAttribute(
    'href',
    `/musician/${musician.slug}`,
  );
});
