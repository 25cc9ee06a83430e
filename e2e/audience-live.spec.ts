import { messages } from '#shared/messages.ts';
import { expect, test } from './fixtures.ts';
import { addSongByApi, updateProfileByApi } from './support/musicians.ts';
import { DREAMS, HALO, JOLENE, song, VALERIE } from './support/songs.ts';
import { audienceModals } from './pages/audience-modals.ts';
import { AudiencePage } from './pages/audience-page.ts';
import { PHONE } from './support/phone.ts';
import { musicianRequestsByApi, setRequestStatusByApi } from './support/requests.ts';

test.use(PHONE);

test.describe('the audience page, live', () => {
  test('requests turned off and on by the musician show at once, without reload', async ({
    page,
    request,
    audience,
    registeredMusician,
  }) => {
    const musician = await registeredMusician({
      profile: { venmo_username: 'band' },
      songs: [HALO],
    });
    await audience.goto(musician.slug);
    const requestButton = audience.song('Halo').getByRole('button', { name: 'Request Song' });
    await expect(requestButton).toBeVisible();
    await expect(audience.randomSong).toBeVisible();

    await updateProfileByApi(request, musician.token, { requests_enabled: false });
    await expect(audience.requestsOff).toContainText(messages.requestsOffTitle);
    await expect(requestButton).toBeHidden();
    await expect(audience.randomSong).toBeHidden();
    await expect(
      audience.requestsOff.getByRole('button', { name: 'Suggest a Song' }),
    ).toBeVisible();
    await audience.requestsOff.getByRole('button', { name: 'Send a Tip' }).click();
    const { tip } = audienceModals(page);
    await expect(tip.dialog).toBeVisible();
    await tip.close.click();

    await updateProfileByApi(request, musician.token, { requests_enabled: true });
    await expect(audience.requestsOff).toBeHidden();
    await expect(requestButton).toBeVisible();
  });

  test('a renamed link: the open page moves to the new address, keeping its requests', async ({
    page,
    request,
    audience,
    registeredMusician,
  }) => {
    const musician = await registeredMusician({ songs: [HALO] });
    const { sent } = audienceModals(page);
    await audience.goto(musician.slug, '?sort=alphabetical');
    await audience.sendRequest('Halo', 'Ana', 'ana@example.com');
    await sent.done.click();
    await expect(audience.myRequest('Halo')).toContainText('Received');

    const renamed = `${musician.slug}-live`;
    await updateProfileByApi(request, musician.token, { slug: renamed, name: 'The New Name' });
    await expect(audience.heading).toHaveText('The New Name');
    await expect(page).toHaveURL(`/musician/${renamed}?sort=alphabetical`);
    await page.reload();
    await expect(audience.myRequest('Halo')).toContainText('Received');
  });

  test('a request sent while requests were turned off gets the disabled message', async ({
    page,
    request,
    audience,
    registeredMusician,
  }) => {
    const musician = await registeredMusician({ songs: [HALO] });
    await audience.goto(musician.slug);
    await audience.requestSong('Halo');
    const { request: form } = audienceModals(page);
    await form.fill('Ana', 'ana@example.com');
    // Turned off while the form is open: the open form stays, the server refuses, it says why.
    await updateProfileByApi(request, musician.token, { requests_enabled: false });
    await form.send.click();
    await expect(form.error).toHaveText(messages.requestsDisabled);
  });

  test('songs hidden or added by the musician follow on an open page', async ({
    request,
    audience,
    registeredMusician,
  }) => {
    const musician = await registeredMusician({ songs: [HALO] });
    const [halo] = musician.songIds;
    await audience.goto(musician.slug);
    await audience.search.fill('o');
    await expect(audience.songs).toHaveCount(1);

    await addSongByApi(request, musician.token, { title: 'Wonderwall', artist: 'Oasis' });
    await expect(audience.songs).toHaveCount(2);
    await expect(audience.search).toHaveValue('o'); // the search is kept
    const response = await request.put(`/api/songs/${halo}/toggle-visibility`, {
      headers: { authorization: `Bearer ${musician.token}` },
    });
    expect(response.ok()).toBe(true);
    await expect(audience.songs).toHaveCount(1);
    await expect(audience.songs).toContainText('Wonderwall');
  });

  test('the requester sees Up next and Played as the musician acts on another device', async ({
    page,
    request,
    audience,
    registeredMusician,
  }) => {
    const musician = await registeredMusician({ songs: [DREAMS] });
    const { sent } = audienceModals(page);

    await audience.goto(musician.slug);
    await audience.sendRequest('Dreams', 'Ana', 'ana@example.com');
    await sent.done.click();
    const mine = audience.myRequest('Dreams');
    await expect(mine).toContainText('Received');

    const [filed] = await musicianRequestsByApi(request, musician.token);
    await setRequestStatusByApi(request, musician.token, filed!.id, 'up_next');
    await expect(mine).toContainText('Up next');
    await setRequestStatusByApi(request, musician.token, filed!.id, 'played');
    await expect(mine).toContainText('Played');

    // Kept on the phone: still there after a reload, with its state.
    await page.reload();
    await expect(audience.myRequest('Dreams')).toContainText('Played');

    // The musician deletes it: the next load drops it.
    const deleted = await request.delete(`/api/requests/${filed!.id}`, {
      headers: { authorization: `Bearer ${musician.token}` },
    });
    expect(deleted.ok()).toBe(true);
    await page.reload();
    await expect(audience.heading).toHaveText(musician.name);
    await expect(audience.yourRequests).toBeHidden();
  });

  test('without the socket, the statuses are polled', async ({
    page,
    request,
    audience,
    registeredMusician,
  }) => {
    test.slow(); // one poll is 10 s
    const musician = await registeredMusician({ songs: [JOLENE] });
    // Venue wifi that lets no WebSocket or long-poll through.
    await page.route('**/socket.io/**', (route) => route.abort());
    const { sent } = audienceModals(page);

    await audience.goto(musician.slug);
    await audience.sendRequest('Jolene', 'Ana', 'ana@example.com');
    await sent.done.click();
    const [filed] = await musicianRequestsByApi(request, musician.token);
    await setRequestStatusByApi(request, musician.token, filed!.id, 'rejected');
    await expect(audience.myRequest('Jolene')).toContainText('Not tonight', { timeout: 15_000 });
  });

  test('a request sent offline lands exactly once when the phone is back online', async ({
    page,
    context,
    request,
    audience,
    registeredMusician,
  }) => {
    const musician = await registeredMusician({ songs: [VALERIE] });
    const { request: form, sent } = audienceModals(page);

    await audience.goto(musician.slug);
    await audience.fillRequest('Valerie', 'Ana', 'ana@example.com');
    const keys = new Set<string>();
    let attempts = 0;
    page.on('request', (sent) => {
      if (new URL(sent.url()).pathname !== '/api/requests' || sent.method() !== 'POST') return;
      attempts += 1;
      keys.add(sent.headers()['idempotency-key'] ?? '');
    });
    await context.setOffline(true);
    for (let press = 0; press < 20; press += 1) {
      await form.send.dispatchEvent('click'); // twenty presses, disabled or not
    }
    await expect(form.send).toHaveText('Sending…');
    await expect(form.send).toBeDisabled();
    await expect(audience.myRequest('Valerie')).toContainText('Sending…');
    // The first try and a retry (1 s later) both fail: the same submission, one key.
    await expect.poll(() => attempts).toBeGreaterThanOrEqual(2);
    expect(await musicianRequestsByApi(request, musician.token)).toHaveLength(0);

    await context.setOffline(false);
    await expect(sent.dialog).toBeVisible();
    await sent.done.click();
    await expect(audience.myRequest('Valerie')).toContainText('Received');
    const filed = await musicianRequestsByApi(request, musician.token);
    expect(filed.map((r) => [r.song_title, r.requester_name])).toEqual([['Valerie', 'Ana']]);
    expect(keys.size).toBe(1);
  });

  test('a request left unsent when the page closed is sent by the next visit', async ({
    page,
    context,
    request,
    registeredMusician,
  }) => {
    const musician = await registeredMusician({ songs: [song('Fast Car', 'Tracy Chapman')] });
    const first = new AudiencePage(page);
    const { request: form } = audienceModals(page);

    await first.goto(musician.slug);
    await first.fillRequest('Fast Car', 'Ana', 'ana@example.com');
    await context.setOffline(true);
    await form.send.click();
    await expect(first.myRequest('Fast Car')).toContainText('Sending…');
    await page.close(); // the phone sleeps, the tab is gone

    await context.setOffline(false);
    const again = new AudiencePage(await context.newPage());
    await again.goto(musician.slug);
    await expect(again.myRequest('Fast Car')).toContainText('Received');
    expect(await musicianRequestsByApi(request, musician.token)).toHaveLength(1);
  });
});
