import { messages } from '#shared/messages.ts';
import { expect, test } from './fixtures.ts';
import { LearnNextPanel, suggestByApi } from './pages/learn-next-page.ts';
import { SongsTab } from './pages/songs-tab.ts';
import { addSongByApi } from './support/musicians.ts';
import { setRequestStatusByApi, submitRequestByApi } from './support/requests.ts';

test.describe('Learn next (Analytics tab)', () => {
  test('ranks what the audience suggests; Not for me hides, Add to my songs moves it to the songs', async ({
    page,
    request,
    signedInMusician,
  }) => {
    const musician = await signedInMusician();
    const suggest = (title: string, artist: string, who: string) =>
      suggestByApi(request, musician.slug, { title, artist, email: `${who}@example.com` });
    for (const who of ['ann', 'bob', 'cy']) await suggest('Valerie', 'Amy Winehouse', who);
    for (const who of ['dee', 'eve']) await suggest('Jolene', 'Dolly Parton', who);
    await suggest('Zombie', 'The Cranberries', 'fay');
    // Suggested, then added to the repertoire: never a song to learn (the audience cannot suggest
    // a song they can request). Asked for and turned down: underplayed.
    await suggest('wonderwall', 'oasis', 'gus');
    const wonderwall = await addSongByApi(request, musician.token, {
      title: 'Wonderwall',
      artist: 'Oasis',
    });
    const asked = await submitRequestByApi(request, wonderwall);
    await setRequestStatusByApi(request, musician.token, asked.id, 'rejected');

    const learnNext = new LearnNextPanel(page);
    await learnNext.open();
    await expect(learnNext.items).toHaveCount(3);
    expect(await learnNext.titles()).toEqual(['Valerie', 'Jolene', 'Zombie']);
    await expect(learnNext.item('Valerie', 'Amy Winehouse')).toContainText(
      '3 people · no show · last asked today',
    );
    await expect(learnNext.item('Valerie', 'Amy Winehouse')).toContainText(
      messages.learnNextOutsideShow,
    );
    await expect(learnNext.underplayed.getByRole('row', { name: /Wonderwall/ })).toContainText(
      'Oasis',
    );

    // Not for me: gone at once, back with Undo, gone for good after a reload.
    await learnNext.notForMe('Jolene', 'Dolly Parton');
    await expect(learnNext.item('Jolene', 'Dolly Parton')).toHaveCount(0);
    await expect(learnNext.notice).toContainText('Jolene is hidden from this list.');
    await learnNext.undo();
    await expect(learnNext.item('Jolene', 'Dolly Parton')).toBeVisible();
    await learnNext.notForMe('Jolene', 'Dolly Parton');
    await expect(learnNext.item('Jolene', 'Dolly Parton')).toHaveCount(0);
    await page.reload();
    await learnNext.open();
    await expect(learnNext.items).toHaveCount(2);
    expect(await learnNext.titles()).toEqual(['Valerie', 'Zombie']);

    // Add to my songs: it leaves the list and is in the songs, metadata filled in.
    await learnNext.addToSongs('Valerie', 'Amy Winehouse');
    await expect(learnNext.notice).toContainText('Valerie is now in your songs.');
    await expect(learnNext.item('Valerie', 'Amy Winehouse')).toHaveCount(0);
    expect(await learnNext.titles()).toEqual(['Zombie']);

    const songs = new SongsTab(page);
    await page.getByRole('tab', { name: 'Songs', exact: true }).click();
    await expect(songs.row('Valerie')).toBeVisible();
    await expect(songs.row('Valerie')).toContainText('Soul');
  });

  test('says what will appear when nobody suggested anything yet', async ({
    page,
    signedInMusician,
  }) => {
    await signedInMusician();
    const learnNext = new LearnNextPanel(page);
    await learnNext.open();
    await expect(learnNext.emptyState).toHaveText(messages.learnNextEmpty);
    await expect(learnNext.underplayed).toContainText(messages.underplayedEmpty);
  });
});
