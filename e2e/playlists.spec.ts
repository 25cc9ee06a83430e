import { messages } from '#shared/messages.ts';
import { expect, test } from './fixtures.ts';
import { SongsTab } from './pages/songs-tab.ts';
import { addSongByApi } from './support/musicians.ts';

async function publicTitles(
  request: import('@playwright/test').APIRequestContext,
  slug: string,
): Promise<string[]> {
  const response = await request.get(`/api/musicians/${slug}/songs`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { title: string }[]).map((song) => song.title);
}

test.describe('playlists on the Songs tab', () => {
  test('creates a playlist, reorders it by keyboard, activates it and the audience list follows', async ({
    page,
    request,
    signedInMusician,
  }) => {
    const musician = await signedInMusician();
    for (const title of ['Alpha', 'Bravo', 'Charlie', 'Delta']) {
      await addSongByApi(request, musician.token, { title, artist: 'Band' });
    }
    const songs = new SongsTab(page);
    await songs.goto();
    await expect(songs.songCount).toHaveText('4 songs');

    await songs.selectionBar.getByRole('button', { name: 'Add to Playlist' }).click();
    await expect(songs.toast).toHaveText(messages.playlistSongsSelectionEmpty);

    for (const title of ['Alpha', 'Bravo', 'Charlie']) await songs.select(title);
    await songs.selectionBar.getByRole('button', { name: 'Add to Playlist' }).click();
    const add = songs.dialog('Add Songs to Playlist');
    await add.getByRole('button', { name: 'Create Playlist' }).click();
    await expect(add.getByText(messages.playlistNameMissing)).toBeVisible();
    await add.getByLabel('Playlist name').fill('Friday Set');
    await add.getByRole('button', { name: 'Create Playlist' }).click();
    await expect(add).toBeHidden();
    await expect(songs.toast).toHaveText('Playlist "Friday Set" created');

    const manager = await songs.openPlaylistManager();
    const row = manager.getByRole('listitem', { name: 'Friday Set' });
    await expect(row).toContainText('3 songs');

    await row.getByRole('button', { name: 'Rename Friday Set' }).click();
    const rename = row.getByLabel('New name for Friday Set');
    await rename.fill('   ');
    await row.getByRole('button', { name: 'Save' }).click();
    await expect(row.getByText(messages.playlistNameRequiredInline)).toBeVisible();
    await rename.fill('x'.repeat(101));
    // The field stops at the server's limit (the "too long" message is unit-tested).
    await expect(rename).toHaveValue('x'.repeat(100));
    await rename.fill('Late Set');
    await row.getByRole('button', { name: 'Save' }).click();
    const renamed = manager.getByRole('listitem', { name: 'Late Set' });
    await expect(renamed).toBeVisible();

    await renamed.getByRole('button', { name: 'Edit songs of Late Set' }).click();
    const editor = songs.dialog('Edit Playlist: Late Set');
    const list = editor.getByRole('list', { name: 'Songs of Late Set' });
    await expect(list.getByRole('listitem')).toHaveText([/Alpha/, /Bravo/, /Charlie/]);
    const save = editor.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();

    // Keyboard drag: pick Alpha up, move it down twice, drop it.
    await editor.getByRole('button', { name: /^Move Alpha by Band/ }).focus();
    const said = (text: string) => editor.getByText(text);
    await page.keyboard.press('Space');
    await expect(said('Alpha by Band moved to position 1.')).toBeAttached();
    // dnd-kit listens for the arrow keys from a moment after the pick-up: a key pressed before
    // that is lost, so press again while the song has not moved yet.
    for (const to of [2, 3]) {
      await expect(async () => {
        if (await said(`Alpha by Band moved to position ${to - 1}.`).count()) {
          await page.keyboard.press('ArrowDown');
        }
        await expect(said(`Alpha by Band moved to position ${to}.`)).toBeAttached({
          timeout: 500,
        });
      }).toPass();
    }
    await page.keyboard.press('Space');
    await expect(list.getByRole('listitem')).toHaveText([/Bravo/, /Charlie/, /Alpha/]);
    await expect(save).toBeEnabled();
    await save.click();
    await expect(editor).toBeHidden();
    await expect(songs.toast).toHaveText(messages.playlistSaved);

    await renamed.getByRole('button', { name: 'Set Late Set active' }).click();
    await expect(renamed).toContainText('Active');
    await expect(manager.getByText('Audience page shows: Late Set')).toBeVisible();
    await expect
      .poll(() => publicTitles(request, musician.slug))
      .toEqual(['Bravo', 'Charlie', 'Alpha']);

    await renamed.getByRole('button', { name: 'Show All Songs instead of Late Set' }).click();
    await expect(manager.getByText('Audience page shows: All Songs')).toBeVisible();
    expect((await publicTitles(request, musician.slug)).sort()).toEqual([
      'Alpha',
      'Bravo',
      'Charlie',
      'Delta',
    ]);

    await renamed.getByRole('button', { name: 'Delete Late Set' }).click();
    const confirm = songs.dialog('Delete this playlist?');
    await confirm.getByRole('button', { name: 'Delete playlist' }).click();
    await expect(renamed).toBeHidden();
    await expect(manager.getByText(/^No playlists yet/)).toBeVisible();
  });
});
