import { expect, test } from './fixtures.ts';
import { atEachSize } from './support/screenshots.ts';
import { WONDERWALL } from './support/songs.ts';
import { SongsTab } from './pages/songs-tab.ts';

test.describe("songs and playlists on the musician's other devices", () => {
  test('a song added on one device appears on the other without reload, and so does a playlist', async ({
    page,
    context,
    request,
    dashboard,
    signedInMusician,
  }) => {
    const musician = await signedInMusician({ songs: [WONDERWALL] });
    const laptop = new SongsTab(page);
    await laptop.goto();
    await expect(laptop.songCount).toHaveText('1 song');
    // The tablet: a second tab of the same signed-in browser, on the Songs tab too.
    const tablet = new SongsTab(await context.newPage());
    await tablet.goto();
    await expect(tablet.songCount).toHaveText('1 song');
    await expect(dashboard.connection).toHaveText('Connected');

    await laptop.choose('Add New Song');
    const add = page.getByRole('region', { name: 'Add New Song' });
    await add.getByLabel('Title').fill('Jolene');
    await add.getByLabel('Artist').fill('Dolly Parton');
    await add.getByRole('button', { name: 'Add Song' }).click();
    await expect(laptop.row('Jolene')).toBeVisible();

    // No reload: the tablet heard songs:changed and fetched its list again.
    await expect(tablet.songCount).toHaveText('2 songs');
    await expect(tablet.row('Jolene')).toBeVisible();

    // A playlist made elsewhere (here: the API, as another device would) shows on both.
    const created = await request.post('/api/playlists', {
      headers: { authorization: `Bearer ${musician.token}` },
      data: { name: 'Late Set', song_ids: [] },
    });
    expect(created.status()).toBe(201);
    for (const songs of [laptop, tablet]) {
      await expect(songs.playlistsSection).toContainText('1 playlist');
    }

    await atEachSize(tablet.page, (size) =>
      tablet.page.screenshot({ path: `/tmp/shots-live/songs-synced-${size.name}.png` }),
    );
  });
});
