import { expect, test } from './fixtures.ts';
import { addSongByApi } from './support/musicians.ts';
import { submitRequestByApi } from './support/requests.ts';

test.describe('On Stage screen', () => {
  test('needs the musician signed in, and only opens for their own slug', async ({
    page,
    onStage,
    registeredMusician,
    signedInMusician,
  }) => {
    const other = await registeredMusician();
    await onStage.goto(other.slug);
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();

    const musician = await signedInMusician();
    await onStage.goto(other.slug);
    await expect(onStage.heading).toHaveText('Musician not found');
    await onStage.goto(musician.slug);
    await expect(onStage.heading).toHaveText(musician.name);
    await expect(page.getByText('updates automatically')).toBeVisible();
    await expect(onStage.enableNotifications).toBeVisible();
  });

  test('falls back to a labelled demo request when the server fails', async ({
    page,
    onStage,
    signedInMusician,
  }) => {
    const musician = await signedInMusician();
    await page.route('**/api/requests/updates/**', (route) =>
      route.fulfill({ status: 500, json: { detail: 'boom' } }),
    );
    await onStage.goto(musician.slug);
    await expect(onStage.demoNotice).toBeVisible();
    await expect(onStage.card('Wonderwall', onStage.active)).toContainText('DEMO');
  });

  test('the requests switch turns requests off, and flips back when saving fails', async ({
    page,
    request,
    onStage,
    signedInMusician,
  }) => {
    const musician = await signedInMusician();
    const songId = await addSongByApi(request, musician.token, {
      title: 'Zombie',
      artist: 'The Cranberries',
    });
    await onStage.goto(musician.slug);
    await expect(onStage.requestsToggle).toHaveAttribute('aria-checked', 'true');
    await onStage.requestsToggle.click();
    await expect(onStage.requestsToggle).toHaveText('Requests OFF');
    await expect
      .poll(async () => await submitRequestByApi(request, songId).catch((e: Error) => e.message))
      .toContain('403');

    await page.route('**/api/profile', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, json: { detail: 'Error updating profile' } })
        : route.continue(),
    );
    await onStage.requestsToggle.click();
    await expect(onStage.toast).toHaveText('Error updating profile');
    await expect(onStage.requestsToggle).toHaveText('Requests OFF');
  });

  test('moves a request through Up Next to Completed, with toasts', async ({
    request,
    onStage,
    signedInMusician,
  }) => {
    const musician = await signedInMusician();
    const songId = await addSongByApi(request, musician.token, {
      title: 'Hallelujah',
      artist: 'Leonard Cohen',
    });
    await submitRequestByApi(request, songId, { requester_name: 'First' });
    await onStage.goto(musician.slug);
    await expect(onStage.upNext).toBeHidden();
    await onStage.action('Hallelujah', 'Add to Up Next', onStage.active).click();
    await expect(onStage.toast).toHaveText('Added to Up Next!');
    await onStage.action('Hallelujah', 'Remove', onStage.upNext).click();
    await expect(onStage.toast).toHaveText('Request rejected');
    await expect(onStage.card('Hallelujah', onStage.completed)).toContainText('REJECTED');
    await expect(onStage.toast).toBeHidden({ timeout: 5_000 });
  });
});
