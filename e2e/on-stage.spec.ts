import { fill } from '#shared/fill-message.ts';
import { messages } from '#shared/messages.ts';
import type { Locator } from '@playwright/test';
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
    await expect(onStage.heading).toHaveText(messages.onStageOtherMusician);
    await page.getByRole('link', { name: 'Open your On Stage screen' }).click();
    await expect(page).toHaveURL(new RegExp(`/on-stage/${musician.slug}$`));
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

  test('the header names the running show; the requests switch turns requests off, and flips back when saving fails', async ({
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
    await expect(onStage.showStatus).toHaveText(messages.onStageNoShow);
    const started = await request.post('/api/shows/start', {
      headers: { authorization: `Bearer ${musician.token}` },
      data: { name: 'Friday at the Anchor' },
    });
    expect(started.ok()).toBe(true);
    // The socket brings the running show to the header.
    await expect(onStage.showStatus).toHaveText(
      fill(messages.onStageShowRunning, { name: 'Friday at the Anchor' }),
    );
    await onStage.requestsToggle.click();
    await expect(onStage.requestsToggle).toHaveText('Requests OFF');
    await expect(onStage.showStatus).toContainText(messages.onStageRequestsOff);
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

  test('on a tablet: big text, times that move on, and stage buttons far enough apart for a thumb', async ({
    page,
    request,
    onStage,
    signedInMusician,
  }) => {
    await page.setViewportSize({ width: 820, height: 1180 });
    const musician = await signedInMusician();
    const songId = await addSongByApi(request, musician.token, {
      title: 'Jolene',
      artist: 'Dolly Parton',
    });
    await submitRequestByApi(request, songId, { requester_name: 'Sam' });
    await page.clock.install();
    await onStage.goto(musician.slug);
    const card = onStage.card('Jolene', onStage.active);
    await expect(card.locator('time')).toHaveText('just now');
    // The times move on while the screen stays open.
    await page.clock.fastForward('03:30');
    await expect(card.locator('time')).toHaveText('3 min ago');
    const pixels = (locator: Locator) =>
      locator.evaluate((element) =>
        // The e2e project has no DOM types; in the page, globalThis is the window.
        parseFloat(
          (
            globalThis as unknown as {
              getComputedStyle(element: unknown): { fontSize: string };
            }
          ).getComputedStyle(element).fontSize,
        ),
      );
    expect(await pixels(card.locator('.request-title'))).toBeGreaterThanOrEqual(24);
    expect(await pixels(card.getByText('Requested by Sam'))).toBeGreaterThanOrEqual(18);

    const played = await onStage.action('Jolene', 'Play Now', onStage.active).boundingBox();
    const reject = await onStage.action('Jolene', 'Reject', onStage.active).boundingBox();
    expect(played!.height).toBeGreaterThanOrEqual(48);
    expect(reject!.height).toBeGreaterThanOrEqual(48);
    // Side by side or wrapped, the gap between the two is at least 16 px.
    const gap =
      Math.abs(reject!.y - played!.y) < 1
        ? reject!.x - (played!.x + played!.width)
        : reject!.y - (played!.y + played!.height);
    expect(gap).toBeGreaterThanOrEqual(16);
  });

  test('says so when the browser blocks notifications', async ({
    page,
    onStage,
    signedInMusician,
  }) => {
    // The visitor answers "Block" to the browser's question.
    await page.addInitScript(() => {
      let permission = 'default';
      (globalThis as unknown as { Notification: unknown }).Notification = class {
        static get permission() {
          return permission;
        }
        static requestPermission() {
          permission = 'denied';
          return Promise.resolve(permission);
        }
      };
    });
    const musician = await signedInMusician();
    await onStage.goto(musician.slug);
    await onStage.enableNotifications.click();
    await expect(page.getByText(messages.notificationsBlocked)).toBeVisible();
    await expect(onStage.enableNotifications).toBeHidden();
  });

  test('flags NEW only what arrived since the musician last looked', async ({
    page,
    request,
    onStage,
    signedInMusician,
  }) => {
    const musician = await signedInMusician();
    const songId = await addSongByApi(request, musician.token, {
      title: 'Dreams',
      artist: 'Fleetwood Mac',
    });
    const otherId = await addSongByApi(request, musician.token, {
      title: 'Landslide',
      artist: 'Fleetwood Mac',
    });
    await submitRequestByApi(request, songId, { requester_name: 'Early' });
    await onStage.goto(musician.slug);
    const early = onStage.card('Dreams', onStage.active);
    await expect(early).toContainText('Requested by Early');
    // Already there when the screen opened: seen, not new (the oldest used to carry the flag).
    await expect(early.locator('.request-flag')).toHaveCount(0);

    await submitRequestByApi(request, otherId, { requester_name: 'Late' });
    const late = onStage.card('Landslide', onStage.active);
    await expect(late.locator('.request-flag')).toHaveText('NEW');
    await expect(onStage.newBadge).toHaveText('+1 New!');
    await expect(early.locator('.request-flag')).toHaveCount(0);

    await onStage.newBadge.click();
    await expect(late.locator('.request-flag')).toHaveCount(0);
    await expect(page.getByText('NEW', { exact: true })).toHaveCount(0);

    // The screen hidden (tablet asleep, another tab): what arrives meanwhile is new on return.
    await submitRequestByApi(request, songId, { requester_name: 'Away' });
    await expect(onStage.newBadge).toHaveText('+1 New!');
    await page.evaluate(() => {
      const doc = (globalThis as unknown as { document: object }).document;
      Object.defineProperty(doc, 'visibilityState', { value: 'hidden', configurable: true });
      (doc as { dispatchEvent(event: unknown): void }).dispatchEvent(new Event('visibilitychange'));
    });
    await expect(onStage.newBadge).toBeHidden();
  });
});
