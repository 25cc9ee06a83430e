import { mkdirSync } from 'node:fs';
import { messages } from '#shared/messages.ts';
import { expect, test } from './fixtures.ts';
import { AudiencePage } from './pages/audience-page.ts';
import { ProfileTab } from './pages/profile-tab.ts';
import { VenueScreen } from './pages/venue-screen.ts';
import { PHONE } from './support/phone.ts';
import { setRequestStatusByApi, submitRequestByApi } from './support/requests.ts';
import { CREEP, WONDERWALL, YELLOW, song } from './support/songs.ts';

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
  // The e2e server's PUBLIC_URL is 127.0.0.1: the screen tells whoever sets it up, in a strip
  // of its own over nothing, the problem and the fix, until they hide it (remembered).
  await expect(screen.addressNote).toContainText('127.0.0.1');
  await expect(screen.addressNote).toContainText('PUBLIC_URL');
  const note = (await screen.addressNote.boundingBox())!;
  for (const below of [screen.now, screen.qr]) {
    expect((await below.boundingBox())!.y).toBeGreaterThanOrEqual(note.y + note.height);
  }
  await page.screenshot({ path: `${SHOTS}/screen-note-1920x1080.png` });
  // Its button has the focus: a TV remote's OK (Enter) hides it.
  const hide = screen.addressNote.getByRole('button', { name: messages.screenAddressHide });
  await expect(hide).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(screen.addressNote).toHaveCount(0);
  await page.reload();
  await expect(screen.now).toBeVisible();
  await expect(screen.addressNote).toHaveCount(0);
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
  await page.screenshot({ path: `${SHOTS}/screen-3-1920x1080.png` });
  await expectFilled(screen, 3);

  // Public-safe: no email, no surname, no dedication anywhere on the screen.
  const text = await screen.text();
  for (const secret of ['@', 'Connor', 'Bombadil', 'Jones', 'Kyle', 'brother Sam']) {
    expect(text, secret).not.toContain(secret);
  }

  await page.setViewportSize({ width: 1080, height: 1920 });
  await expect(screen.now).toBeVisible();
  await expect(screen.next).toBeVisible();
  await expect(screen.qr).toBeInViewport();
  await expectFilled(screen, 3);
  await page.screenshot({ path: `${SHOTS}/screen-3-1080x1920.png` });

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

/**
 * The screen fills its height as a TV should: no scrolling, `requests` requests in view whole
 * (of a long queue, 6 to 8 rows under Now and Next), no empty band in the queue's column (Now takes what the rows leave),
 * and the last request near the bottom: of the screen in landscape, of the queue above the code
 * in portrait.
 */
async function expectFilled(screen: VenueScreen, requests: number | 'long'): Promise<void> {
  // Retried: after a resize, the rows are measured again in the next frames.
  await expect(() => filled(screen, requests)).toPass({ timeout: 5_000 });
}

async function filled(screen: VenueScreen, requests: number | 'long'): Promise<void> {
  const geometry = await screen.geometry();
  const { height } = geometry.viewport;
  expect(geometry.scrolls, 'the screen scrolls').toBe(false);
  const landscape = geometry.viewport.width > height;
  if (requests === 'long') {
    // Issue 43: 6 to 8 rows under Now and Next on a landscape TV; upright, as many as fill it.
    expect(geometry.rows, 'rows under Now and Next').toBeGreaterThanOrEqual(6);
    if (landscape) expect(geometry.rows, 'rows under Now and Next').toBeLessThanOrEqual(8);
  } else {
    expect(geometry.requests.length).toBe(requests);
  }
  for (const box of geometry.requests) {
    expect(box.top).toBeGreaterThanOrEqual(0);
    expect(box.bottom).toBeLessThanOrEqual(height);
  }
  expect(geometry.emptyBand, 'the tallest empty band in the queue').toBeLessThan(0.05 * height);
  const last = geometry.requests.at(-1)!;
  const floor = landscape ? height : geometry.request.top;
  expect(floor - last.bottom, 'room under the last request').toBeLessThan(0.12 * height);
  expect(height - geometry.request.bottom, 'room under the code').toBeLessThan(0.05 * height);
}

/** Twelve songs with titles of the lengths a real set has, one request each. */
const SET_LIST = [
  song('Wonderwall', 'Oasis'),
  song("Sweet Child O' Mine", "Guns N' Roses"),
  song('Yellow', 'Coldplay'),
  song('Bohemian Rhapsody', 'Queen'),
  song('Creep', 'Radiohead'),
  song('Mr. Brightside', 'The Killers'),
  song('Valerie', 'Amy Winehouse'),
  song('Livin on a Prayer', 'Bon Jovi'),
  song('Dreams', 'Fleetwood Mac'),
  song('Hallelujah', 'Leonard Cohen'),
  song('Don’t Stop Believin’', 'Journey'),
  song('Jolene', 'Dolly Parton'),
] as const;
const FANS = 'Sarah Tom Jess Aiko Maximilian Lou Priya Ben Zoë Kwame Ana Olly'.split(' ');

test('a long queue fills the TV: 6 to 8 rows under Now and Next, the last near the bottom, nothing scrolls', async ({
  page,
  request,
  registeredMusician,
}) => {
  const musician = await registeredMusician({ songs: SET_LIST });
  const ids = musician.songIds as readonly string[];
  for (const [index, songId] of ids.entries()) {
    await submitRequestByApi(request, songId, { requester_name: `${FANS[index]} Smith` });
  }
  const screen = new VenueScreen(page);
  await screen.goto(musician.slug);
  await screen.hideAddressNote();
  await expect(screen.more).toBeVisible();
  await expectFilled(screen, 'long');
  await page.screenshot({ path: `${SHOTS}/screen-12-1920x1080.png` });
  await page.setViewportSize({ width: 1080, height: 1920 });
  await expectFilled(screen, 'long');
  await page.screenshot({ path: `${SHOTS}/screen-12-1080x1920.png` });
});
