import { messages } from '#shared/messages.ts';
import { expect, test } from './fixtures.ts';
import { updateProfileByApi } from './support/musicians.ts';
import { HALO } from './support/songs.ts';
import { PHONE } from './support/phone.ts';

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

test.describe('the request window', () => {
  test.describe('on a phone', () => {
    test.use(PHONE);

    test('counts down to the close, then requests are off, said by the server at the time', async ({
      request,
      audience,
      registeredMusician,
    }) => {
      const musician = await registeredMusician({ songs: [HALO] });
      // A few seconds ahead: the server switches at the time, nobody reloads.
      await updateProfileByApi(request, musician.token, { requests_close_at: inSeconds(6) });
      await audience.goto(musician.slug);
      await expect(audience.requestWindow).toHaveText('Requests close in 1 minute');
      await audience.page.screenshot({ path: 'test-results/request-window-phone.png' });
      await expect(
        audience.song('Halo').getByRole('button', { name: 'Request Song' }),
      ).toBeVisible();

      await expect(audience.requestsOff).toContainText(messages.requestsOffTitle, {
        timeout: 20_000,
      });
      await expect(audience.requestWindow).toBeHidden();
      const refused = await request.post('/api/requests', {
        data: {
          song_id: musician.songIds[0],
          requester_name: 'Ana',
          requester_email: 'ana@example.com',
        },
      });
      expect(refused.status()).toBe(403);
      expect(((await refused.json()) as { detail: string }).detail).toMatch(
        /^Song requests are currently disabled\. They closed 1 minute ago\.$/,
      );
    });

    test('before the doors open, says when', async ({ request, audience, registeredMusician }) => {
      const musician = await registeredMusician({ songs: [HALO] });
      await updateProfileByApi(request, musician.token, { requests_open_at: inSeconds(3600) });
      await audience.goto(musician.slug);
      await expect(audience.requestWindow).toHaveText(/^Requests open at \d{1,2}:\d{2}\s?[AP]M$/);
      await expect(audience.requestsOff).toContainText(messages.requestsOffTitle);
    });
  });

  test('the stage screen counts down and "+10 min" pushes the close back; the dashboard shows it too', async ({
    request,
    onStage,
    dashboard,
    signedInMusician,
  }) => {
    const musician = await signedInMusician();
    await updateProfileByApi(request, musician.token, { requests_close_at: inSeconds(5 * 60) });
    await onStage.goto(musician.slug);
    await expect(onStage.requestWindow).toContainText('Closes in 5 minutes');
    await onStage.extendWindow.click();
    await expect(onStage.requestWindow).toContainText('Closes in 15 minutes');
    await onStage.page.screenshot({ path: 'test-results/request-window-stage.png' });

    // The dashboard's On Stage tab has the same control.
    await dashboard.goto();
    const window = dashboard.page.getByRole('group', { name: 'Request window' });
    await expect(window).toContainText('Closes in 15 minutes');
    await window.getByRole('button', { name: '+10 min' }).click();
    await expect(window).toContainText('Closes in 25 minutes');
  });
});
