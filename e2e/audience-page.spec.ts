import { messages } from '#shared/messages.ts';
import { expect, test } from './fixtures.ts';
import { addSongByApi } from './support/musicians.ts';

test('the audience page shows the musician and searches the songs', async ({
  request,
  audience,
  registeredMusician,
}) => {
  const musician = await registeredMusician();
  await addSongByApi(request, musician.token, {
    title: 'Wonderwall',
    artist: 'Oasis',
    year: 1995,
  });
  await addSongByApi(request, musician.token, { title: 'Halo', artist: 'Beyoncé' });

  await audience.goto(musician.slug);
  await expect(audience.heading).toHaveText(musician.name);
  await expect(audience.songs).toHaveCount(2);
  await expect(audience.songs.filter({ hasText: 'Wonderwall' })).toContainText('1995');

  await audience.search.fill('oasis');
  await expect(audience.songs).toHaveCount(1);
  await expect(audience.songs).toContainText('Wonderwall');

  await audience.search.fill('no such song');
  await expect(audience.page.getByText(messages.noSongsMatch)).toBeVisible();
});

test('an unknown musician link shows the not-found page', async ({ page, audience }) => {
  await audience.goto('nobody-by-this-name');
  await expect(audience.heading).toHaveText(messages.musicianNotFound);
  await expect(page.getByText(messages.musicianNotFoundDescription)).toBeVisible();
});
