import type { APIRequestContext } from '@playwright/test';
import { messages } from '#shared/messages.ts';
import { expect, test } from './fixtures.ts';
import { addSongByApi, type RegisteredMusician } from './support/musicians.ts';
import { HALO } from './support/songs.ts';
import { audienceModals } from './pages/audience-modals.ts';
import { PHONE } from './support/phone.ts';
import { submitRequestByApi } from './support/requests.ts';

test.use(PHONE);

/** Four songs with genres, moods and years; Halo has the most requests, Valerie is newest. */
async function seedSongs(request: APIRequestContext, token: string) {
  const ids = {
    jolene: await addSongByApi(request, token, {
      title: 'Jolene',
      artist: 'Dolly Parton',
      year: 1973,
      genres: ['Country'],
    }),
    halo: await addSongByApi(request, token, {
      title: 'Halo',
      artist: 'Beyoncé',
      year: 2008,
      genres: ['Pop'],
      moods: ['Romantic'],
    }),
    dreams: await addSongByApi(request, token, {
      title: 'Dreams',
      artist: 'Fleetwood Mac',
      year: 1977,
      genres: ['Rock'],
      moods: ['Chill'],
    }),
    valerie: await addSongByApi(request, token, {
      title: 'Valerie',
      artist: 'Amy Winehouse',
      year: 2006,
      genres: ['Soul', 'Pop'],
    }),
  };
  for (let i = 0; i < 2; i += 1) await submitRequestByApi(request, ids.halo);
  await submitRequestByApi(request, ids.dreams);
  return ids;
}

test.describe('browsing the songs', () => {
  // Each of these tests starts with the four songs of seedSongs on a musician's page.
  test.describe('of a musician with four songs', () => {
    let musician: RegisteredMusician;
    let ids: Awaited<ReturnType<typeof seedSongs>>;

    test.beforeEach(async ({ request, registeredMusician }) => {
      musician = await registeredMusician();
      ids = await seedSongs(request, musician.token);
    });

    test('sort kept in ?sort=, random with a shuffle button', async ({ page, audience }) => {
      await audience.goto(musician.slug);
      await expect(audience.sort).toHaveValue('most-popular');
      await expect(audience.songs.first()).toContainText('Halo');
      expect((await audience.titles()).slice(0, 2)).toEqual(['Halo', 'Dreams']);

      await audience.sort.selectOption('alphabetical');
      await expect(page).toHaveURL(/\?sort=alphabetical$/);
      await expect.poll(() => audience.titles()).toEqual(['Dreams', 'Halo', 'Jolene', 'Valerie']);

      await audience.sort.selectOption('newest');
      await expect(page).toHaveURL(/\?sort=newest$/);
      await expect.poll(() => audience.titles()).toEqual(['Valerie', 'Dreams', 'Halo', 'Jolene']);

      // A shared link keeps the order; the default is left out of the address.
      await page.reload();
      await expect(audience.sort).toHaveValue('newest');
      await audience.sort.selectOption('most-popular');
      await expect(page).toHaveURL(new RegExp(`/musician/${musician.slug}$`));

      await expect(audience.shuffle).toBeHidden();
      await audience.sort.selectOption('random');
      await expect(page).toHaveURL(/\?sort=random$/);
      await expect(audience.shuffle).toBeVisible();
      await audience.shuffle.click();
      await expect(audience.songs).toHaveCount(4);
      expect((await audience.titles()).sort()).toEqual(['Dreams', 'Halo', 'Jolene', 'Valerie']);

      await audience.goto(musician.slug, '?sort=nonsense');
      await expect(audience.sort).toHaveValue('most-popular');
    });

    test('filters narrow the list, Clear All restores it, Random Song picks from what is shown', async ({
      page,
      audience,
    }) => {
      const { request: form } = audienceModals(page);

      await audience.goto(musician.slug);
      await expect(audience.filters).toBeHidden();
      await audience.viewFilters.click();
      await expect(audience.filters).toBeVisible();
      const genre = audience.filters.getByLabel('Genre');
      await expect(genre.locator('option')).toHaveText([
        'All genres',
        'Country',
        'Pop',
        'Rock',
        'Soul',
      ]);
      await genre.selectOption('Pop');
      await expect(audience.songCount).toHaveText('Showing 2 of 4 songs');
      await audience.filters.getByLabel('Decade').selectOption('2000s');
      await audience.filters.getByLabel('Mood').selectOption('Romantic');
      await expect(audience.songs).toHaveCount(1);
      await expect(audience.songs).toContainText('Halo');

      await audience.randomSong.click();
      await expect(form.dialog).toContainText('Halo');
      await form.close.click();

      await audience.filters.getByLabel('Year').selectOption('1977');
      await expect(page.getByText(messages.noSongsMatch)).toBeVisible();
      await expect(audience.randomSong).toBeHidden();
      await audience.filters.getByRole('button', { name: 'Clear All' }).click();
      await expect(audience.songCount).toHaveText('4 songs');
      await expect(genre).toHaveValue('');

      await audience.viewFilters.click();
      await expect(audience.filters).toBeHidden();
    });

    test('a public playlist of the musician can be chosen in the filters', async ({
      request,
      audience,
    }) => {
      const headers = { authorization: `Bearer ${musician.token}` };
      const created = await request.post('/api/playlists', {
        headers,
        data: { name: 'Slow Set', song_ids: [ids.dreams, ids.jolene] },
      });
      expect(created.ok()).toBe(true);
      const { id } = (await created.json()) as { id: string };
      const shared = await request.put(`/api/playlists/${id}/visibility`, {
        headers,
        data: { is_public: true },
      });
      expect(shared.ok()).toBe(true);

      await audience.goto(musician.slug);
      await audience.viewFilters.click();
      const playlist = audience.filters.getByLabel('Playlist');
      await expect(playlist.locator('option')).toHaveText(['All Songs', 'Slow Set']);
      await playlist.selectOption({ label: 'Slow Set' });
      await expect(audience.songs).toHaveCount(2);
      expect((await audience.titles()).sort()).toEqual(['Dreams', 'Jolene']);
      await audience.filters.getByRole('button', { name: 'Clear All' }).click();
      await expect(audience.songs).toHaveCount(4);
      await expect(playlist).toHaveValue('all_songs');
    });

    test('with a playlist active: only its songs and the public playlists, no All Songs, filters of what is shown', async ({
      request,
      audience,
    }) => {
      const headers = { authorization: `Bearer ${musician.token}` };
      const playlist = async (name: string, songIds: string[]) => {
        const created = await request.post('/api/playlists', {
          headers,
          data: { name, song_ids: songIds },
        });
        expect(created.ok()).toBe(true);
        return ((await created.json()) as { id: string }).id;
      };
      const friday = await playlist('Friday Set', [ids.dreams, ids.jolene]);
      const slow = await playlist('Slow Set', [ids.halo]);
      const shared = await request.put(`/api/playlists/${slow}/visibility`, {
        headers,
        data: { is_public: true },
      });
      expect(shared.ok()).toBe(true);
      const activated = await request.put(`/api/playlists/${friday}/activate`, { headers });
      expect(activated.ok()).toBe(true);

      await audience.goto(musician.slug);
      await expect(audience.songCount).toHaveText('2 songs');
      await audience.viewFilters.click();
      const choice = audience.filters.getByLabel('Playlist');
      await expect(choice.locator('option')).toHaveText(['Friday Set', 'Slow Set']);
      const genre = audience.filters.getByLabel('Genre');
      await expect(genre.locator('option')).toHaveText(['All genres', 'Country', 'Rock']);
      await expect(audience.filters.getByLabel('Decade').locator('option')).toHaveText([
        'All decades',
        '1970s',
      ]);

      await choice.selectOption({ label: 'Slow Set' });
      await expect(audience.songs).toHaveCount(1);
      await expect(genre.locator('option')).toHaveText(['All genres', 'Pop']);
      await audience.filters.getByRole('button', { name: 'Clear All' }).click();
      await expect(choice).toHaveValue(friday);
      await expect(audience.songCount).toHaveText('2 songs');
    });

    test('on a wide screen, grid or list, starting from the musician’s layout', async ({
      page,
      audience,
    }) => {
      await page.setViewportSize({ width: 1024, height: 768 });
      await audience.goto(musician.slug);
      const grid = page.getByRole('button', { name: 'Grid' });
      const list = page.getByRole('button', { name: 'List' });
      await expect(grid).toHaveAttribute('aria-pressed', 'true');
      await expect(audience.list).toHaveClass(/song-list-grid/);
      await list.click();
      await expect(list).toHaveAttribute('aria-pressed', 'true');
      await expect(audience.list).toHaveClass(/song-list-list/);

      await page.setViewportSize(PHONE.viewport);
      await expect(list).toBeHidden();
    });
  });

  test('2,000 songs: only the cards on screen are in the page; search and scroll reach any', async ({
    page,
    request,
    audience,
    registeredMusician,
  }) => {
    const musician = await registeredMusician();
    const rows = Array.from(
      { length: 2000 },
      (_, i) => `Song ${i + 1},Artist ${i % 40},Rock,,1990`,
    );
    const upload = await request.post('/api/songs/csv/upload', {
      headers: { authorization: `Bearer ${musician.token}` },
      multipart: {
        file: {
          name: 'songs.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from(['Title,Artist,Genre,Mood,Year', ...rows].join('\n')),
        },
      },
    });
    expect(upload.ok()).toBe(true);

    await audience.goto(musician.slug, '?sort=alphabetical');
    await expect(audience.songCount).toHaveText('2000 songs');
    await expect(audience.songs.first()).toContainText('Song 1');
    // A screen of rows and about as much again above and below it, for a fast flick.
    expect(await audience.songs.count()).toBeLessThan(45);
    await expect(audience.songs.first()).toHaveAttribute('aria-setsize', '2000');

    await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
    await expect(audience.song('Song 2000')).toBeInViewport();
    expect(await audience.songs.count()).toBeLessThan(45);

    await audience.search.fill('song 1999');
    await expect(audience.songs).toHaveCount(1);
    await expect(audience.songCount).toHaveText('Showing 1 of 2000 songs');
  });
});

test.describe('suggesting a song', () => {
  test('checks the fields, trims them, then thanks the person', async ({
    page,
    request,
    audience,
    registeredMusician,
  }) => {
    const musician = await registeredMusician({ songs: [HALO] });
    const { suggest } = audienceModals(page);

    await audience.goto(musician.slug);
    await audience.search.fill('bohemian');
    await page.getByRole('button', { name: 'Suggest a Song' }).click();
    await suggest.songTitle.fill('  Bohemian Rhapsody ');
    await suggest.send.click();
    await expect(suggest.dialog.getByRole('alert')).toHaveText(messages.suggestionFieldsRequired);
    await suggest.artist.fill(' Queen ');
    await suggest.name.fill(' Jo ');
    await suggest.email.fill('jo at example');
    await suggest.send.click();
    await expect(suggest.dialog.getByRole('alert')).toHaveText(messages.emailInvalid);
    await suggest.email.fill(' jo@example.com ');
    await suggest.message.fill(' Please! ');
    await suggest.send.click();
    await expect(suggest.dialog.getByRole('status')).toHaveText(messages.suggestionThanks);
    await suggest.button('Done').click();
    await expect(suggest.dialog).toBeHidden();

    const response = await request.get('/api/song-suggestions', {
      headers: { authorization: `Bearer ${musician.token}` },
    });
    const suggestions = (await response.json()) as Record<string, string>[];
    expect(suggestions).toHaveLength(1);
    expect(suggestions[0]).toMatchObject({
      suggested_title: 'Bohemian Rhapsody',
      suggested_artist: 'Queen',
      requester_name: 'Jo',
      requester_email: 'jo@example.com',
      message: 'Please!',
    });
  });

  test('a song already on the list: the form says so and requests it in one tap', async ({
    page,
    request,
    audience,
    registeredMusician,
  }) => {
    const musician = await registeredMusician({ songs: [HALO] });
    const { suggest, request: form } = audienceModals(page);

    await audience.goto(musician.slug);
    await audience.search.fill('hallo');
    await page.getByRole('button', { name: 'Suggest a Song' }).click();
    await suggest.songTitle.fill(' halo ');
    await suggest.artist.fill('BEYONCÉ');
    await suggest.name.fill('Jo');
    await suggest.email.fill('jo@example.com');
    const hint = suggest.dialog.getByRole('status');
    await expect(hint).toContainText(messages.suggestionAlreadyListed);
    await expect(hint).toContainText('Halo');
    // The next step is the request, not a suggestion.
    await expect(suggest.send).toBeHidden();

    await suggest.button('Request Song').click();
    await expect(suggest.dialog).toBeHidden();
    await expect(form.dialog).toContainText('Halo');
    await expect(form.name).toHaveValue('Jo');
    await expect(form.email).toHaveValue('jo@example.com');
    await form.send.click();
    await expect(form.dialog).toBeHidden();

    const suggestions = await request.get('/api/song-suggestions', {
      headers: { authorization: `Bearer ${musician.token}` },
    });
    expect(await suggestions.json()).toEqual([]);
  });

  test('a server refusal shows in a red banner in the form', async ({
    page,
    audience,
    registeredMusician,
  }) => {
    const musician = await registeredMusician({ songs: [HALO] });
    await page.route(
      (url) => url.pathname === '/api/song-suggestions',
      (route) => route.fulfill({ status: 403, json: { detail: messages.suggestionsDisabled } }),
    );
    const { suggest } = audienceModals(page);

    await audience.goto(musician.slug);
    await page.getByRole('button', { name: 'Suggest a Song' }).click();
    await suggest.songTitle.fill('Bohemian Rhapsody');
    await suggest.artist.fill('Queen');
    await suggest.name.fill('Jo');
    await suggest.email.fill('jo@example.com');
    await suggest.send.click();
    const banner = suggest.dialog.getByRole('alert');
    await expect(banner).toHaveText(messages.suggestionsDisabled);
    await expect(banner).toHaveClass(/status-error/);
  });
});
