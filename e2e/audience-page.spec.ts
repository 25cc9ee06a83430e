import { messages } from '#shared/messages.ts';
import { expect, test } from './fixtures.ts';
import { addSongByApi, FULL_PROFILE } from './support/musicians.ts';
import { JOLENE } from './support/songs.ts';
import { ArtistModal, RequestForm } from './pages/audience-modals.ts';
import { PHONE } from './support/phone.ts';

test.use(PHONE);

test('the audience page shows the musician and searches the songs', async ({
  page,
  audience,
  registeredMusician,
}) => {
  const musician = await registeredMusician({
    songs: [
      {
        title: 'Wonderwall',
        artist: 'Oasis',
        year: 1995,
        genres: ['Britpop'],
        moods: ['Singalong'],
        notes: 'Capo 2',
      },
      { title: 'Halo', artist: 'Beyoncé' },
    ],
  });

  await audience.goto(musician.slug);
  await expect(audience.heading).toHaveText(musician.name);
  await expect(page).toHaveTitle(`${musician.name} | Song Requests`);
  await expect(audience.songs).toHaveCount(2);
  await expect(audience.songCount).toHaveText('2 songs');
  const wonderwall = audience.song('Wonderwall');
  for (const text of ['Oasis', 'Britpop', 'Singalong', '1995 · 1990s', 'Capo 2']) {
    await expect(wonderwall).toContainText(text);
  }

  // Accent- and case-insensitive, in memory.
  await audience.search.fill('BEYONCE');
  await expect(audience.songs).toHaveCount(1);
  await expect(audience.songs).toContainText('Halo');
  await expect(audience.songCount).toHaveText('Showing 1 of 2 songs');

  await audience.search.fill('no such song');
  await expect(page.getByText(messages.noSongsMatch)).toBeVisible();
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(audience.search).toHaveValue('');
  await expect(audience.songs).toHaveCount(2);
});

test('the artist name opens the profile: photo, bio, links and Leave a Tip', async ({
  page,
  audience,
  registeredMusician,
}) => {
  const musician = await registeredMusician({ profile: FULL_PROFILE, songs: [JOLENE] });

  await audience.goto(musician.slug);
  await audience.artistButton.click();
  const artist = new ArtistModal(page);
  await expect(artist.dialog).toBeVisible();
  await expect(artist.dialog).toContainText(musician.name);
  await expect(artist.dialog).toContainText(FULL_PROFILE.bio);
  const links = {
    Website: 'https://band.example.com/',
    Instagram: 'https://www.instagram.com/band_ig',
    Facebook: 'https://www.facebook.com/bandfb',
    TikTok: 'https://www.tiktok.com/@bandtok',
    Spotify: FULL_PROFILE.spotify_artist_url,
    'Apple Music': FULL_PROFILE.apple_music_artist_url,
  };
  for (const [name, href] of Object.entries(links)) {
    await expect(artist.dialog.getByRole('link', { name })).toHaveAttribute('href', href);
  }
  await page.keyboard.press('Escape');
  await expect(artist.dialog).toBeHidden();
  await expect(audience.artistButton).toBeFocused();

  await audience.artistButton.click();
  await artist.button('Leave a Tip').click();
  await expect(page.getByRole('dialog', { name: 'Send a Tip' })).toBeVisible();
});

/** Every control on screen that a finger can hit less than 44 px wide or tall. */
const SMALL_TARGETS = `[...document.querySelectorAll('button, a, input, select, textarea')]
  .filter((el) => el.checkVisibility() && !el.closest('[inert]'))
  .map((el) => ({ el, box: el.getBoundingClientRect() }))
  .filter(({ box }) => box.width < 44 || box.height < 44)
  .map(({ el }) => el.outerHTML.slice(0, 80))`;

test('every control is at least 44 px, in the page and in the request form', async ({
  page,
  audience,
  registeredMusician,
}) => {
  const musician = await registeredMusician({
    profile: FULL_PROFILE,
    songs: [{ title: 'Halo', artist: 'Beyoncé', year: 2008 }],
  });
  await audience.goto(musician.slug);
  await audience.viewFilters.click();
  await expect(audience.filters).toBeVisible();
  expect(await page.evaluate<string[]>(SMALL_TARGETS)).toEqual([]);

  await audience.requestSong('Halo');
  const form = new RequestForm(page);
  await expect(form.dialog).toBeVisible();
  expect(await page.evaluate<string[]>(SMALL_TARGETS)).toEqual([]);
  const send = await form.send.boundingBox();
  expect(send!.y).toBeGreaterThan(844 * 0.75);
});

test('an unknown musician link shows the not-found page', async ({ page, audience }) => {
  await audience.goto('nobody-by-this-name');
  await expect(audience.heading).toHaveText(messages.musicianNotFound);
  await expect(page.getByText(messages.musicianNotFoundDescription)).toBeVisible();
});

test('a paused page shows the server message, or the default one', async ({
  page,
  audience,
  registeredMusician,
}) => {
  const musician = await registeredMusician();
  // The server cannot pause a page yet (subscriptions come later): the access check is answered
  // here, as the server will answer it for a lapsed subscription.
  let message = 'Back next Friday!';
  await page.route(`**/api/musicians/${musician.slug}/access-check`, (route) =>
    route.fulfill({ json: { access_granted: false, message } }),
  );
  await audience.goto(musician.slug);
  await expect(audience.heading).toHaveText('Back next Friday!');
  await expect(audience.songs).toHaveCount(0);

  message = '';
  await page.reload();
  await expect(audience.heading).toHaveText(messages.pagePaused);
});

test('hostile input does not break the layout: huge names, emoji, no spaces', async ({
  page,
  request,
  audience,
  registeredMusician,
}) => {
  const musician = await registeredMusician();
  const title = `🎸${'Ж'.repeat(190)}🔥`;
  await addSongByApi(request, musician.token, { title, artist: '🎤'.repeat(100) });
  await audience.goto(musician.slug);
  await expect(audience.songs).toHaveCount(1);
  // Held to the phone's width: a mobile layout widens window.innerWidth to content that overflows.
  const fitsTheScreen = async () =>
    (await page.evaluate<number>('document.documentElement.scrollWidth')) <=
    page.viewportSize()!.width;
  expect(await fitsTheScreen()).toBe(true);

  await audience.requestSong(title);
  const form = new RequestForm(page);
  await form.name.fill('x'.repeat(10_000));
  await expect(form.name).toHaveValue('x'.repeat(100)); // the field takes what the server keeps
  await expect(form.send).toBeInViewport();
  expect(await fitsTheScreen()).toBe(true);
});
