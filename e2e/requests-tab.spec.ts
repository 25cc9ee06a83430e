import { fill } from '#shared/fill-message.ts';
import { messages } from '#shared/messages.ts';
import { expect, test } from './fixtures.ts';
import { CREEP, KARMA_POLICE, YELLOW } from './support/songs.ts';
import { setRequestStatusByApi, submitRequestByApi } from './support/requests.ts';

test.describe('dashboard Requests tab', () => {
  test('runs a show, files requests under it, archives, restores and deletes it', async ({
    page,
    request,
    dashboard,
    signedInMusician,
  }) => {
    const musician = await signedInMusician({ songs: [YELLOW], tab: 'Requests' });
    const [songId] = musician.songIds;
    await page.getByRole('button', { name: 'Start a Show' }).click();
    // Today on the musician's own clock, and the form below the toolbar, not squeezed beside it.
    const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
    await expect(page.getByLabel('Performance date (optional)')).toHaveValue(today);
    const suggestions = await page.getByRole('button', { name: 'Song Suggestions' }).boundingBox();
    const form = await page.locator('form.show-form').boundingBox();
    expect(form!.y).toBeGreaterThanOrEqual(suggestions!.y + suggestions!.height);
    await page.getByRole('button', { name: 'Start Show' }).click();
    await expect(page.getByText('Please enter a show name.')).toBeVisible();
    await page.getByLabel('Show name').fill('Friday at the Pub');
    await page.getByRole('button', { name: 'Start Show' }).click();
    await expect(page.getByText('Live: Friday at the Pub')).toBeVisible();

    await submitRequestByApi(request, songId, { requester_name: 'Robin' });
    await expect(dashboard.allRequestsTitle).toHaveText('Current Show: Friday at the Pub');
    await expect(dashboard.card(dashboard.allRequests, 'Yellow')).toContainText(
      'Friday at the Pub',
    );
    await expect(dashboard.requestsBadge()).toHaveText('1');

    await page.getByRole('button', { name: 'Stop Show' }).click();
    await expect(page.getByRole('button', { name: 'Start a Show' })).toBeVisible();
    await expect(dashboard.allRequestsTitle).toHaveText('All Requests');

    await page.getByRole('button', { name: 'Archive show Friday at the Pub' }).click();
    await expect(dashboard.toast).toHaveText('Show archived');
    await page.getByText(/^Archived Shows/).click();
    await page.getByRole('button', { name: 'Restore show Friday at the Pub' }).click();
    await expect(dashboard.toast).toHaveText('Show restored');
    // Spec section 4: a restored show is running again.
    await expect(page.getByText('Live: Friday at the Pub')).toBeVisible();

    await page.getByRole('button', { name: 'Delete show Friday at the Pub' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this show?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dashboard.card(dashboard.allRequests, 'Yellow')).toBeVisible();
    await page.getByRole('button', { name: 'Delete show Friday at the Pub' }).click();
    await dialog.getByRole('button', { name: 'Delete show' }).click();
    await expect(dashboard.toast).toHaveText('Show and its requests deleted');
    await expect(dashboard.card(dashboard.allRequests, 'Yellow')).toBeHidden();
    await expect(dashboard.requestsBadge()).toBeHidden();
  });

  test('the shows list counts every request of a show, from the server, not what this device loaded', async ({
    page,
    request,
    dashboard,
    signedInMusician,
  }) => {
    const musician = await signedInMusician({ songs: [YELLOW, CREEP], tab: 'Requests' });
    const [yellowId, creepId] = musician.songIds;
    const headers = { authorization: `Bearer ${musician.token}` };
    expect(
      (await request.post('/api/shows/start', { headers, data: { name: 'Big Night' } })).ok(),
    ).toBe(true);
    // More played requests than a device loads at first (the newest 50 and 10 completed).
    const PLAYED = 62;
    for (let i = 0; i < PLAYED; i += 2) {
      await Promise.all(
        [yellowId, creepId].map(async (songId) => {
          const { id } = await submitRequestByApi(request, songId);
          await setRequestStatusByApi(request, musician.token, id, 'played');
        }),
      );
    }
    await page.reload();
    const bigNight = dashboard.showItem('Big Night');
    const counts = (requests: number, played: number) =>
      fill(messages.showRequestCounts, { requests: `${requests} requests`, played });
    await expect(bigNight).toContainText(counts(PLAYED, PLAYED));
    await bigNight.locator('summary').click();
    // The requests this device holds (its first load, then older ones with Load older): when
    // fewer than the show's, the list says so; the count above stays the server's.
    await expect(bigNight.getByRole('article').first()).toBeVisible();
    await expect
      .poll(async () => {
        const loaded = await bigNight.getByRole('article').count();
        const note = fill(messages.showRequestsLoaded, { loaded, total: PLAYED });
        return loaded === PLAYED || (await bigNight.textContent())!.includes(note);
      })
      .toBe(true);
    await page.screenshot({ path: 'test-results/shots/requests-show-counts-1280x800.png' });

    // A request arriving (here from a phone) moves the count on this device at once.
    await submitRequestByApi(request, yellowId);
    await expect(bigNight).toContainText(counts(PLAYED + 1, PLAYED));
  });

  test('batch selection marks several requests at once', async ({
    page,
    request,
    dashboard,
    signedInMusician,
  }) => {
    // Two songs: a second request for the same waiting song would merge into the first.
    const musician = await signedInMusician({ songs: [CREEP, KARMA_POLICE] });
    const [songId, otherId] = musician.songIds;
    await submitRequestByApi(request, songId, { requester_name: 'One' });
    await submitRequestByApi(request, otherId, { requester_name: 'Two' });
    await dashboard.tab('Requests').click();
    await expect(dashboard.allRequests.getByRole('article')).toHaveCount(2);

    const bar = page.getByRole('toolbar', { name: 'Selected requests' });
    await bar.getByRole('button', { name: 'Played: selected requests' }).click();
    await expect(dashboard.toast).toHaveText('Please select requests to update');
    await bar.getByRole('button', { name: 'Select all' }).click();
    await expect(bar).toContainText('2 selected');
    await bar.getByRole('button', { name: 'Played: selected requests' }).click();
    await expect(dashboard.undoToasts).toHaveText(['Marked played: 2 requestsUndo']);
    await expect(dashboard.allRequests.locator('.status-chip')).toHaveText(['Played', 'Played']);
  });
});

test('a song suggestion arrives live and can be added to the songs', async ({
  page,
  request,
  dashboard,
  signedInMusician,
}) => {
  const musician = await signedInMusician({ tab: 'Requests' });
  await page.getByRole('button', { name: 'Song Suggestions' }).click();
  const section = page.locator('#song-suggestions');
  await expect(section).toContainText('No song suggestions yet.');

  const response = await request.post('/api/song-suggestions', {
    data: {
      musician_slug: musician.slug,
      suggested_title: 'Africa',
      suggested_artist: 'Toto',
      requester_name: 'Sky',
      requester_email: 'sky@example.com',
    },
  });
  expect(response.status()).toBe(201);

  const card = section.getByRole('article', { name: 'Africa by Toto' });
  await expect(card).toContainText('pending');
  await card.getByRole('button', { name: 'Add to Songs' }).click();
  await expect(dashboard.toast).toHaveText('Song added to your list');
  await expect(card).toContainText('added');
  await expect(card.getByRole('button', { name: 'Add to Songs' })).toBeHidden();
});
