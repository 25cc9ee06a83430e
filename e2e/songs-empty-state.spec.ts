import { fill } from '#shared/fill-message.ts';
import { messages } from '#shared/messages.ts';
import { STARTER_PACK_SONG_COUNT } from '#shared/schemas/song.ts';
import { expect, test } from './fixtures.ts';
import { expectNoSeriousA11yFindings } from './support/axe.ts';
import { atEachSize } from './support/screenshots.ts';
import { DREAMS, HALO } from './support/songs.ts';
import { SongsTab } from './pages/songs-tab.ts';

const SHOTS = process.env.E2E_SHOTS_DIR;

test('a new musician is led from an empty Songs tab to a song list', async ({
  page,
  signedInMusician,
}) => {
  await signedInMusician();
  const songs = new SongsTab(page);
  await songs.goto();
  const welcome = songs.emptyState;
  await expect(welcome).toBeVisible();
  await expect(welcome).toContainText(messages.songsEmptyIntro);
  const starterPack = welcome.getByRole('button', {
    name: fill(messages.starterPackButton, { count: STARTER_PACK_SONG_COUNT }),
  });
  if (SHOTS) {
    await atEachSize(page, ({ width }) =>
      page.screenshot({ path: `${SHOTS}/songs-empty-${width}.png`, fullPage: true }),
    );
  }

  // Each way in opens its panel; closing it brings the welcome back.
  await welcome.getByRole('button', { name: 'Add your first song' }).click();
  const add = page.getByRole('region', { name: 'Add New Song' });
  await expect(add.getByLabel('Title')).toBeVisible();
  await expect(welcome).toBeHidden();
  await add.getByRole('button', { name: 'Cancel' }).click();
  await welcome.getByRole('button', { name: 'Import a CSV' }).click();
  await expect(page.getByLabel('CSV file')).toBeAttached();
  // The CSV panel offers the same starter pack, counted the same way.
  const csvPanel = page.getByRole('region', { name: 'Upload CSV' });
  await expect(
    csvPanel.getByRole('button', {
      name: fill(messages.starterPackButton, { count: STARTER_PACK_SONG_COUNT }),
    }),
  ).toBeVisible();
  await expect(csvPanel).not.toContainText('50+');
  await page.getByRole('button', { name: 'Close' }).first().click();
  await expect(welcome).toBeVisible();

  await starterPack.click();
  await expect(songs.toast).toContainText(`Added ${STARTER_PACK_SONG_COUNT} songs`);
  await expect(songs.songCount).toHaveText(`${STARTER_PACK_SONG_COUNT} songs`);
  await expect(welcome).toBeHidden();
  await songs.search.fill('Wonderwall');
  await expect(songs.row('Wonderwall')).toBeVisible();

  // A reload lands on the list, not the welcome.
  await page.reload();
  await expect(songs.songCount).toHaveText(`${STARTER_PACK_SONG_COUNT} songs`);
  await expect(welcome).toBeHidden();
});

test('the welcome stays away from a musician who has songs', async ({ page, signedInMusician }) => {
  await signedInMusician();
  const songs = new SongsTab(page);
  await songs.goto();
  await songs.emptyState.getByRole('button', { name: 'Add your first song' }).click();
  const add = page.getByRole('region', { name: 'Add New Song' });
  await add.getByLabel('Title').fill('Hallelujah');
  await add.getByLabel('Artist').fill('Leonard Cohen');
  await add.getByRole('button', { name: 'Add Song' }).click();
  await expect(songs.row('Hallelujah')).toBeVisible();
  await expect(songs.emptyState).toBeHidden();
});

test('with a few songs the starter pack stays one tap away, then goes', async ({
  page,
  signedInMusician,
}) => {
  await signedInMusician({ songs: [HALO, DREAMS] });
  const songs = new SongsTab(page);
  await songs.goto();
  await expect(songs.songCount).toHaveText('2 songs');
  const few = page.getByRole('region', {
    name: fill(messages.songsFewTitle, { songs: '2 songs' }),
  });
  await expect(few).toBeVisible();
  await expect(songs.emptyState).toBeHidden();
  await expectNoSeriousA11yFindings(page, 'Songs tab with a few songs');
  await atEachSize(
    page,
    ({ width, height }) =>
      page.screenshot({ path: `test-results/shots/songs-few-${width}x${height}.png` }),
    [
      { name: 'phone', width: 390, height: 844 },
      { name: 'desktop', width: 1280, height: 800 },
    ],
  );

  await few
    .getByRole('button', {
      name: fill(messages.starterPackButton, { count: STARTER_PACK_SONG_COUNT }),
    })
    .click();
  await expect(songs.toast).toContainText('Added');
  await expect(songs.songCount).toHaveText(/\d{2,} songs/);
  await expect(few).toBeHidden();
});
