import { expect, test } from './fixtures.ts';
import { atEachSize } from './support/screenshots.ts';
import { addSongByApi } from './support/musicians.ts';
import { submitRequestByApi } from './support/requests.ts';

test.describe('the polling fallback after a drop', () => {
  test('asks only for changes, drops requests deleted elsewhere and picks up a show started elsewhere', async ({
    page,
    request,
    dashboard,
    signedInMusician,
  }) => {
    test.setTimeout(60_000);
    const musician = await signedInMusician();
    const auth = { authorization: `Bearer ${musician.token}` };
    const songId = await addSongByApi(request, musician.token, {
      title: 'Jolene',
      artist: 'Dolly',
    });
    const otherId = await addSongByApi(request, musician.token, { title: 'Halo', artist: 'B' });
    const doomed = await submitRequestByApi(request, otherId, { requester_name: 'Gone Soon' });
    await submitRequestByApi(request, songId, { requester_name: 'Stays' });

    // No socket at all from now on: this dashboard lives on polling alone.
    await page.route('**/socket.io/**', (route) => route.abort());
    await page.routeWebSocket(/\/socket\.io\//, (ws) => void ws.close());
    const polls: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes('/api/requests/updates/')) polls.push(sent.url());
    });
    await page.reload();
    await expect(dashboard.card(dashboard.liveColumn, 'Halo')).toContainText('Gone Soon');
    await expect(dashboard.connection).not.toHaveText('Connected');

    // Another device deletes one request, a phone sends a new one, a show starts elsewhere.
    const deleted = await request.delete(`/api/requests/${doomed.id}`, { headers: auth });
    expect(deleted.status()).toBe(200);
    await submitRequestByApi(request, otherId, { requester_name: 'Newcomer' });
    const started = await request.post('/api/shows/start', {
      headers: auth,
      data: { name: 'Late Gig' },
    });
    expect(started.status()).toBe(201);

    await expect(dashboard.card(dashboard.liveColumn, 'Halo')).toContainText('Newcomer', {
      timeout: 12_000,
    });
    await expect(dashboard.liveColumn).not.toContainText('Gone Soon');
    await expect(dashboard.liveColumn).toContainText('Stays');
    await dashboard.tab('Requests').click();
    await expect(page.getByText('Live: Late Gig')).toBeVisible({ timeout: 12_000 });
    // The first load had no cursor; the polls after it carry the one each answer handed out.
    expect(polls.length).toBeGreaterThan(1);
    expect(polls[0]).not.toContain('since=');
    expect(polls.at(-1)).toContain('since=');

    await atEachSize(page, (size) =>
      page.screenshot({ path: `/tmp/shots-live/polling-${size.name}.png` }),
    );
  });
});
