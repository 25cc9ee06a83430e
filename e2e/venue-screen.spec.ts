import { mkdirSync } from 'node:fs';
import { messages } from '#shared/messages.ts';
import { expect, test } from './fixtures.ts';
import { AudiencePage } from './pages/audience-page.ts';
import { ProfileTab } from './pages/profile-tab.ts';
import { VenueScreen } from './pages/venue-screen.ts';
import { PHONE } from './support/phone.ts';
import { setRequestStatusByApi, submitRequestByApi } from './support/requests.ts';
import { CREEP, WONDERWALL, YELLOW } from './support/songs.ts';

const SHOTS = '/tmp/shots-venue';
mkdirSync(SHOTS, { recursive: true });

test.use({ viewport: { width: 1920, height: 1080 } });

test('the venue screen shows Now, Next and the QR code live, first names only, and says when it is off', async ({
  page,
  browser,
  request,
  registeredMusician,
  anotherDevice,
}) => {
  // A long live scenario with screenshots: 29.5 s in a CI run beside another worker on a slow
  // day of the 2-core machine, where the default is 30 s.
  test.setTimeout(60_000);
  const musician = await registeredMusician({
    profile: { requests_close_at: new Date(Date.now() + 12.5 * 60_000).toISOString() },
    songs: [WONDERWALL, YELLOW, CREEP],
  });
  const [wonderwall, yellow] = musician.songIds;
  const playing = await submitRequestByApi(request, wonderwall, {
    requester_name: 'Sarah Connor',
    dedication: 'For Kyle Reese, always',
  });
  await submitRequestByApi(request, yellow, { requester_name: 'Tom Bombadil' });
  await setRequestStatusByApi(request, musician.token, playing.id, 'up_next');

  const screen = new VenueScreen(page);
  await screen.goto(musician.slug);
  await expect(screen.now).toContainText('Wonderwall');
  await expect(screen.now).toContainText('requested by Sarah');
  await expect(screen.next).toContainText('Yellow');
  await expect(screen.qr).toBeVisible();
  await expect(screen.link).toHaveText(new RegExp(`/musician/${musician.slug}$`));
  await expect(screen.window).toHaveText(/^Requests close in 1[23] min$/);
  const box = await screen.qr.boundingBox();
  expect(box!.width).toBeGreaterThan(450);
  // Installable (Playwright's contexts are off the record, where Chromium never installs).
  const cdp = await page.context().newCDPSession(page);
  await expect
    .poll(async () => {
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      return installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito');
    })
    .toEqual([]);
  await cdp.detach();

  // A phone in the room asks for a song: the TV shows it, pushed (the screen polls only while its
  // socket is down, every 5 s). How fast is bench:realtime's to measure: a 1 s limit here failed
  // once on a loaded CI machine.
  const phoneContext = await browser.newContext(PHONE);
  const phone = new AudiencePage(await phoneContext.newPage());
  await phone.goto(musician.slug);
  await phone.sendRequest('Creep', 'Jess Jones', 'jess.jones@example.com', 'For my brother Sam');
  await expect(screen.list).toContainText('Creep', { timeout: 4_000 });
  await expect(screen.list).toContainText('Jess');
  await page.screenshot({ path: `${SHOTS}/screen-1920x1080.png` });

  // Public-safe: no email, no surname, no dedication anywhere on the screen.
  const text = await screen.text();
  for (const secret of ['@', 'Connor', 'Bombadil', 'Jones', 'Kyle', 'brother Sam']) {
    expect(text, secret).not.toContain(secret);
  }

  await page.setViewportSize({ width: 1080, height: 1920 });
  await expect(screen.now).toBeVisible();
  await expect(screen.next).toBeVisible();
  await expect(screen.qr).toBeInViewport();
  await page.screenshot({ path: `${SHOTS}/screen-1080x1920.png` });

  // The musician turns it off on their Profile tab: the screen says so, in a sentence.
  const desk = await anotherDevice(musician);
  const deskProfile = new ProfileTab(desk);
  await deskProfile.open('Show settings');
  await expect(desk.getByTestId('venue-screen-link')).toHaveAttribute(
    'href',
    `/screen/${musician.slug}`,
  );
  await deskProfile.venueScreenOn.uncheck();
  await deskProfile.saveButton.click();
  await expect(screen.notice).toContainText(messages.screenOffTitle);
  await expect(screen.qr).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/screen-off-1080x1920.png` });
  await phoneContext.close();
});
