import { fill } from '#shared/fill-message.ts';
import { messages } from '#shared/messages.ts';
import { expect, test } from './fixtures.ts';
import { atEachSize } from './support/screenshots.ts';
import { addSongByApi } from './support/musicians.ts';
import { CREEP, KARMA_POLICE, YELLOW } from './support/songs.ts';
import { SongsTab } from './pages/songs-tab.ts';
import { submitRequestByApi } from './support/requests.ts';

const CSV = [
  'Title,Artist,Genre,Mood,Year',
  'Wonderwall,Oasis,"Britpop, Rock",Nostalgic,1995',
  'Halo,Beyoncé,Pop,Romantic,2008',
  'Autumn Leaves,Traditional,,,',
  ',Missing Title,,,',
].join('\n');

test.describe('dashboard Songs tab', () => {
  test('imports a CSV file through the preview and lists the songs', async ({
    page,
    signedInMusician,
  }) => {
    await signedInMusician();
    const songs = new SongsTab(page);
    await songs.goto();
    await expect(page.getByText(messages.noSongsYet)).toBeVisible();
    await expect(songs.emptyState).toBeVisible();

    await songs.choose('Upload CSV');
    const picker = page.getByLabel('CSV file');
    // A styled button stands for the browser's own file picker, which stays out of sight.
    const chooseButton = page.locator('label', { hasText: 'Choose CSV file' });
    await expect(chooseButton).toBeVisible();
    expect((await picker.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
    await picker.setInputFiles({
      name: 'songs.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('x'),
    });
    await expect(page.getByText(messages.csvWrongExtension)).toBeVisible();

    await picker.setInputFiles({
      name: 'songs.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(CSV),
    });
    await expect(page.getByText('3 of 4 songs can be imported.')).toBeVisible();
    await expect(page.locator('.drop-zone-file')).toHaveText('songs.csv');
    const preview = page.getByRole('table', { name: 'Preview of the songs in the file' });
    await expect(preview.getByRole('row')).toHaveCount(4);
    await expect(page.getByText(/^Line 5: /)).toBeVisible();

    await page.getByRole('button', { name: 'Import 3 songs' }).click();
    await expect(page.getByText('Added: 3')).toBeVisible();
    await expect(songs.songCount).toHaveText('3 songs');
    await expect(songs.row('Wonderwall')).toContainText('Britpop, Rock');
    await expect(songs.row('Halo')).toContainText('2008');
    await expect(songs.row('Autumn Leaves')).toBeVisible();
  });

  test('imports a .lst setlist through the preview', async ({ page, signedInMusician }) => {
    await signedInMusician();
    const songs = new SongsTab(page);
    await songs.goto();

    await songs.choose('Upload LST');
    const picker = page.getByLabel('LST file');
    await picker.setInputFiles({
      name: 'set.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('x'),
    });
    await expect(page.getByText(messages.lstWrongExtension)).toBeVisible();

    const lst = ['# Friday set', 'Fly Me to the Moon - Frank Sinatra', '', 'Jolene\tDolly Parton'];
    await picker.setInputFiles({
      name: 'friday.lst',
      mimeType: 'text/plain',
      buffer: Buffer.from(lst.join('\r\n')),
    });
    await expect(page.getByText('2 of 2 songs can be imported.')).toBeVisible();
    await page.getByRole('button', { name: 'Import 2 songs' }).click();
    await expect(page.getByText('Added: 2')).toBeVisible();
    await expect(songs.songCount).toHaveText('2 songs');
    await expect(songs.row('Jolene')).toContainText('Dolly Parton');
    await expect(songs.row('Fly Me to the Moon')).toBeVisible();

    // Again, with one new song: the preview counts only what will be added.
    await picker.setInputFiles({
      name: 'friday.lst',
      mimeType: 'text/plain',
      buffer: Buffer.from([...lst, 'Valerie - Amy Winehouse'].join('\r\n')),
    });
    await expect(page.getByText('1 of 3 songs can be imported.')).toBeVisible();
    await expect(page.getByText('2 songs already in your list will be skipped.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Import 1 song', exact: true })).toBeVisible();

    // And the first file once more: nothing in it is new.
    await picker.setInputFiles({
      name: 'friday-again.lst',
      mimeType: 'text/plain',
      buffer: Buffer.from(lst.join('\r\n')),
    });
    await expect(page.getByText(messages.importPreviewAllDuplicates)).toBeVisible();
    await expect(page.getByRole('button', { name: /^Import \d/ })).toHaveCount(0);
  });

  test('searches, filters (including the none values) and keeps the sort in the URL', async ({
    page,
    request,
    signedInMusician,
  }) => {
    const musician = await signedInMusician();
    const add = (song: Parameters<typeof addSongByApi>[2]) =>
      addSongByApi(request, musician.token, song);
    await add({ title: 'Wonderwall', artist: 'Oasis', genres: ['Rock'], year: 1995 });
    await add({ title: 'Halo', artist: 'Beyoncé', genres: ['Pop'], year: 2008 });
    await add({ title: 'Autumn Leaves', artist: 'Traditional' });
    const songs = new SongsTab(page);
    await songs.goto();
    await expect(songs.songCount).toHaveText('3 songs');

    await songs.search.fill('beyonce');
    await expect(songs.songCount).toHaveText('Showing 1 of 3 songs');
    await expect.poll(() => songs.titles()).toEqual(['Halo']);
    await songs.search.fill('nothing like this');
    await expect(page.getByText(messages.noSongsMatch)).toBeVisible();
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(songs.songCount).toHaveText('3 songs');

    await songs.filter('Genre').selectOption({ label: 'No genre' });
    await expect.poll(() => songs.titles()).toEqual(['Autumn Leaves']);
    await songs.filter('Genre').selectOption({ label: 'Rock' });
    await expect.poll(() => songs.titles()).toEqual(['Wonderwall']);
    await songs.filter('Genre').selectOption({ label: 'All' });
    await songs.filter('Decade').selectOption({ label: '2000s' });
    await expect.poll(() => songs.titles()).toEqual(['Halo']);
    await songs.filter('Decade').selectOption({ label: 'All' });
    await songs.filter('Year').selectOption({ label: 'No year' });
    await expect.poll(() => songs.titles()).toEqual(['Autumn Leaves']);
    await page.getByRole('button', { name: 'Clear All' }).click();

    await songs.sort.selectOption({ label: 'Alphabetical' });
    await expect(page).toHaveURL(/[?&]sort=alphabetical/);
    await expect.poll(() => songs.titles()).toEqual(['Autumn Leaves', 'Halo', 'Wonderwall']);
    await page.reload();
    await expect(songs.sort).toHaveValue('alphabetical');
    await expect.poll(() => songs.titles()).toEqual(['Autumn Leaves', 'Halo', 'Wonderwall']);
    await songs.sort.selectOption({ label: 'Most popular' });
    await expect(page).not.toHaveURL(/sort=/);
  });

  test('batch edits the selected songs and edits one song with chips', async ({
    page,
    signedInMusician,
  }) => {
    await signedInMusician({ songs: [CREEP, KARMA_POLICE, YELLOW] });
    const songs = new SongsTab(page);
    await songs.goto();
    await expect(songs.songCount).toHaveText('3 songs');

    await songs.selectionBar.getByRole('button', { name: 'Batch Edit' }).click();
    await expect(songs.toast).toHaveText(messages.batchUpdateSelectionEmpty);

    await songs.select('Creep');
    await songs.select('Karma Police');
    await expect(songs.selectionBar).toContainText('2 selected');
    await songs.selectionBar.getByRole('button', { name: 'Batch Edit' }).click();
    const dialog = songs.dialog('Batch Edit Songs');
    await dialog.getByRole('button', { name: 'Update Songs' }).click();
    await expect(dialog.getByText(messages.batchNothingToUpdate)).toBeVisible();
    await dialog.getByLabel('Genres').fill('Alternative, Rock');
    await dialog.getByLabel('Year').fill('1993');
    await dialog.getByRole('button', { name: 'Update Songs' }).click();
    await expect(dialog).toBeHidden();
    await expect(songs.toast).toHaveText('Updated 2 songs');
    await expect(songs.row('Creep')).toContainText('Alternative, Rock · 1993');
    await expect(songs.row('Karma Police')).toContainText('Alternative, Rock · 1993');
    await expect(songs.row('Yellow')).toContainText('No details yet');

    await songs
      .row('Yellow')
      .getByRole('button', { name: /^Edit / })
      .click();
    const edit = songs.dialog('Edit Song');
    await edit.getByRole('combobox', { name: 'Genres' }).fill(' Britpop ');
    await edit.getByRole('button', { name: 'Add genre' }).click();
    await edit.getByRole('combobox', { name: 'Genres' }).fill('britpop');
    await edit.getByRole('combobox', { name: 'Genres' }).press('Enter');
    await expect(
      edit.getByRole('list', { name: 'Chosen genres' }).getByRole('listitem'),
    ).toHaveText(['Britpop×']);
    await edit.getByLabel('Title').fill('');
    await edit.getByRole('button', { name: 'Auto-fill' }).click();
    await expect(edit.getByText(messages.autoFillNeedsTitleArtist)).toBeVisible();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit.getByText(messages.songTitleRequired)).toBeVisible();
    await edit.getByLabel('Title').fill('Yellow');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();
    await expect(songs.row('Yellow')).toContainText('Britpop');

    await songs
      .row('Yellow')
      .getByRole('button', { name: /^Hide / })
      .click();
    await expect(songs.row('Yellow')).toContainText('Hidden');
  });

  test('refuses adding or editing into a song already in the list, and says notes are public', async ({
    page,
    signedInMusician,
  }) => {
    await signedInMusician({ songs: [CREEP, YELLOW] });
    const songs = new SongsTab(page);
    await songs.goto();
    await expect(songs.songCount).toHaveText('2 songs');

    await songs.choose('Add New Song');
    const add = page.getByRole('region', { name: 'Add New Song' });
    await expect(add.getByRole('textbox', { name: 'Notes' })).toHaveAccessibleDescription(
      messages.songNotesPublic,
    );
    await add.getByLabel('Title').fill(' creep ');
    await add.getByLabel('Artist').fill('RADIOHEAD');
    await add.getByRole('button', { name: 'Add Song' }).click();
    const duplicate = fill(messages.songDuplicate, { title: 'Creep', artist: 'Radiohead' });
    await expect(add.getByText(duplicate)).toBeVisible();
    await expect(songs.songCount).toHaveText('2 songs');

    await songs
      .row('Yellow')
      .getByRole('button', { name: /^Edit / })
      .click();
    const edit = songs.dialog('Edit Song');
    await edit.getByLabel('Title').fill('Creep');
    await edit.getByLabel('Artist').fill('Radiohead');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit.getByText(duplicate)).toBeVisible();
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(songs.row('Yellow')).toBeVisible();
  });

  test('keeps the songwriter a musician types: Auto-fill leaves it, the audience never sees it', async ({
    page,
    signedInMusician,
  }) => {
    const musician = await signedInMusician();
    const songs = new SongsTab(page);
    await songs.goto();
    await songs.choose('Add New Song');
    const add = page.getByRole('region', { name: 'Add New Song' });
    const songwriter = add.getByRole('textbox', { name: 'Songwriter' });
    await expect(songwriter).toHaveAccessibleDescription(messages.songSongwriterHint);
    await add.getByLabel('Title').fill('Jolene');
    await add.getByLabel('Artist').fill('Dolly Parton');
    await songwriter.fill('Dolly Rebecca Parton');
    // The catalogue answers (year, genres) without a writer: what was typed stays.
    await add.getByRole('button', { name: 'Auto-fill' }).click();
    await expect(add.getByLabel('Year')).toHaveValue('1973');
    await expect(songwriter).toHaveValue('Dolly Rebecca Parton');
    const shots = process.env.E2E_SHOTS_DIR;
    if (shots) {
      await atEachSize(page, ({ width }) =>
        add.screenshot({ path: `${shots}/song-form-${width}.png` }),
      );
    }
    await add.getByRole('button', { name: 'Add Song' }).click();
    await expect(add).toBeHidden();

    await songs
      .row('Jolene')
      .getByRole('button', { name: /^Edit / })
      .click();
    const edit = songs.dialog('Edit Song');
    await expect(edit.getByRole('textbox', { name: 'Songwriter' })).toHaveValue(
      'Dolly Rebecca Parton',
    );
    await edit.getByRole('textbox', { name: 'Songwriter' }).fill('Dolly Parton');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();

    await page.goto(`/musician/${musician.slug}`);
    await expect(page.getByText('Jolene').first()).toBeVisible();
    await expect(page.getByText('Dolly Rebecca Parton')).toHaveCount(0);
    const publicSongs = await page.request.get(`/api/musicians/${musician.slug}/songs`);
    expect(await publicSongs.text()).not.toContain('songwriter');
  });
});

test('one of a thing is counted in the singular', async ({
  page,
  request,
  dashboard,
  signedInMusician,
}) => {
  const musician = await signedInMusician({ songs: [CREEP] });
  const [songId] = musician.songIds;
  await submitRequestByApi(request, songId);
  await expect(dashboard.requestsBadge()).toHaveText('1');
  await expect(dashboard.tab('Requests')).toHaveAccessibleDescription('1 pending request');

  const songs = new SongsTab(page);
  await songs.goto();
  await songs.select('Creep');
  await songs.selectionBar.getByRole('button', { name: 'Batch Edit' }).click();
  const dialog = songs.dialog('Batch Edit Songs');
  await expect(dialog).toContainText(
    'Only the fields you fill in change, on the 1 song you selected.',
  );
  await dialog.getByLabel('Year').fill('1993');
  await dialog.getByRole('button', { name: 'Update Songs' }).click();
  await expect(songs.toast).toHaveText('Updated 1 song');
});
