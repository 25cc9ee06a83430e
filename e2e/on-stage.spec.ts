import { fill } from '#shared/fill-message.ts';
import { messages } from '#shared/messages.ts';
import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { addSongByApi } from './support/musicians.ts';
import { DREAMS, HALLELUJAH, JOLENE, song } from './support/songs.ts';
import { OnStagePage } from './pages/on-stage-page.ts';
import {
  musicianRequestsByApi,
  setRequestStatusByApi,
  submitRequestByApi,
} from './support/requests.ts';

/** The server's status of the request for `title` (what every other device will be told). */
async function serverStatus(
  request: Parameters<typeof musicianRequestsByApi>[0],
  token: string,
  title: string,
) {
  const requests = await musicianRequestsByApi(request, token);
  return requests.find((candidate) => candidate.song_title === title)?.status;
}

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
    const musician = await signedInMusician({ songs: [song('Zombie', 'The Cranberries')] });
    const [songId] = musician.songIds;
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

  test('a show started while the screen was still connecting reaches its header', async ({
    page,
    request,
    onStage,
    signedInMusician,
  }) => {
    const musician = await signedInMusician({ songs: [song('Zombie', 'The Cranberries')] });
    // The live connection is held until the show has started: the screen read the shows first,
    // and the start is pushed to rooms this screen is not in yet.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/socket.io/**', async (route) => {
      await released;
      await route.continue();
    });
    await onStage.goto(musician.slug);
    await expect(onStage.showStatus).toHaveText(messages.onStageNoShow);
    const started = await request.post('/api/shows/start', {
      headers: { authorization: `Bearer ${musician.token}` },
      data: { name: 'Late Set' },
    });
    expect(started.ok()).toBe(true);
    release();
    await expect(onStage.showStatus).toHaveText(
      fill(messages.onStageShowRunning, { name: 'Late Set' }),
    );
  });

  test('moves a request through Up Next to Completed, with toasts', async ({
    request,
    onStage,
    signedInMusician,
  }) => {
    const musician = await signedInMusician({ songs: [HALLELUJAH] });
    const [songId] = musician.songIds;
    await submitRequestByApi(request, songId, { requester_name: 'First' });
    await onStage.goto(musician.slug);
    await expect(onStage.upNext).toBeHidden();
    await onStage.action('Hallelujah', 'Up Next', onStage.active).click();
    await expect(onStage.toast).toHaveText('Added to Up Next!');
    await onStage.reject('Hallelujah', onStage.upNext);
    await expect(onStage.undoToasts).toHaveText(['Rejected: HallelujahUndo']);
    await expect(onStage.card('Hallelujah', onStage.completed)).toContainText('REJECTED');
    await expect(onStage.toast).toBeHidden({ timeout: 5_000 });
    await expect(onStage.undoToasts).toHaveCount(0, { timeout: 10_000 });
  });

  test('on a tablet: rows read from two metres, times that move on, and stage buttons far enough apart for a thumb', async ({
    page,
    request,
    onStage,
    signedInMusician,
  }) => {
    await page.setViewportSize({ width: 820, height: 1180 });
    const musician = await signedInMusician({ songs: [JOLENE] });
    const [songId] = musician.songIds;
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
    // A compact row of the queue (Now and Next are larger still: stage-layout.spec.ts).
    expect(await pixels(card.locator('.request-title'))).toBeGreaterThanOrEqual(19);
    expect(await pixels(card.getByText('Requested by Sam'))).toBeGreaterThanOrEqual(16);

    const upNext = await onStage.action('Jolene', 'Up Next', onStage.active).boundingBox();
    const played = await onStage.action('Jolene', 'Played', onStage.active).boundingBox();
    // The final moves stand apart from Up Next, too.
    if (Math.abs(upNext!.y - played!.y) < 1) {
      expect(played!.x - (upNext!.x + upNext!.width)).toBeGreaterThanOrEqual(16);
    }
    const more = await onStage.more('Jolene', onStage.active).boundingBox();
    expect(played!.height).toBeGreaterThanOrEqual(44);
    expect(more!.height).toBeGreaterThanOrEqual(44);
    // Reject is final: one tap away behind the row's "…", never beside Played (issue 43).
    await onStage.more('Jolene', onStage.active).click();
    const reject = await onStage.action('Jolene', 'Reject', onStage.active).boundingBox();
    expect(reject!.height).toBeGreaterThanOrEqual(44);
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
    const musician = await signedInMusician({
      songs: [DREAMS, song('Landslide', 'Fleetwood Mac')],
    });
    const [songId, otherId] = musician.songIds;
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
    // (Another song: a second request for a waiting one would merge into it as a +1.)
    const thirdId = await addSongByApi(request, musician.token, {
      title: 'Rhiannon',
      artist: 'Fleetwood Mac',
    });
    await submitRequestByApi(request, thirdId, { requester_name: 'Away' });
    await expect(onStage.newBadge).toHaveText('+1 New!');
    await page.evaluate(() => {
      const doc = (globalThis as unknown as { document: object }).document;
      Object.defineProperty(doc, 'visibilityState', { value: 'hidden', configurable: true });
      (doc as { dispatchEvent(event: unknown): void }).dispatchEvent(new Event('visibilitychange'));
    });
    await expect(onStage.newBadge).toBeHidden();
  });
});

test.describe('On Stage: final moves go out at once and keep an Undo', () => {
  // Some tests outlast an undo window (10 s) on purpose.
  test.describe.configure({ timeout: 60_000 });

  test('Played leaves the queue at once and another device sees it; Undo brings it back on both', async ({
    request,
    onStage,
    signedInMusician,
    anotherDevice,
  }) => {
    const musician = await signedInMusician({ songs: [HALLELUJAH] });
    const [songId] = musician.songIds;
    await submitRequestByApi(request, songId, { requester_name: 'Ana' });
    const phone = new OnStagePage(await anotherDevice(musician));
    await phone.goto(musician.slug);
    await expect(phone.card('Hallelujah', phone.active)).toBeVisible();
    await expect(phone.connection).toHaveText('Connected');

    await onStage.goto(musician.slug);
    await onStage.action('Hallelujah', 'Played', onStage.active).click();
    await expect(onStage.card('Hallelujah', onStage.active)).toBeHidden();
    await expect(onStage.card('Hallelujah', onStage.completed)).toContainText('PLAYED');
    // No waiting for the undo window: the other device has it while Undo is still offered.
    await expect(phone.card('Hallelujah', phone.completed)).toContainText('PLAYED');
    await expect(onStage.undoToast('Marked played: Hallelujah')).toBeVisible();
    expect(await serverStatus(request, musician.token, 'Hallelujah')).toBe('played');

    await onStage.undo('Marked played: Hallelujah').click();
    await expect(onStage.card('Hallelujah', onStage.active)).toBeVisible();
    await expect(onStage.undoToasts).toHaveCount(0);
    await expect(phone.card('Hallelujah', phone.active)).toBeVisible();
    await expect(phone.completed.getByRole('article')).toHaveCount(0);
    expect(await serverStatus(request, musician.token, 'Hallelujah')).toBe('pending');
  });

  test('two moves at once, each with its own Undo; the one kept stays once the window closes', async ({
    request,
    onStage,
    signedInMusician,
    anotherDevice,
  }) => {
    // It waits out the Undo window: 27 s in a CI run beside another worker on a slow day of
    // the 2-core machine, where the default is 30 s.
    test.setTimeout(60_000);
    const musician = await signedInMusician({
      songs: [song('Jolene', 'Dolly'), song('Zombie', 'TC')],
    });
    const [first, second] = musician.songIds;
    await submitRequestByApi(request, first, { requester_name: 'Bo' });
    await submitRequestByApi(request, second, { requester_name: 'Cy' });
    const phone = new OnStagePage(await anotherDevice(musician));
    await phone.goto(musician.slug);
    await expect(phone.card('Jolene', phone.active)).toBeVisible();

    await onStage.goto(musician.slug);
    await onStage.action('Jolene', 'Played', onStage.active).click();
    await onStage.reject('Zombie', onStage.active);
    await expect(onStage.undoToasts).toHaveText([
      'Marked played: JoleneUndo',
      'Rejected: ZombieUndo',
    ]);
    await expect(phone.card('Zombie', phone.completed)).toContainText('REJECTED');
    await onStage.undo('Rejected: Zombie').click();
    await expect(onStage.undoToasts).toHaveText(['Marked played: JoleneUndo']);
    await expect(phone.card('Zombie', phone.active)).toBeVisible();
    await expect(phone.card('Jolene', phone.completed)).toContainText('PLAYED');

    // The window closes: the bar goes, and the move it offered to undo stays.
    await expect(onStage.undoToasts).toHaveCount(0, { timeout: 15_000 });
    expect(await serverStatus(request, musician.token, 'Jolene')).toBe('played');
    expect(await serverStatus(request, musician.token, 'Zombie')).toBe('pending');
    await expect(phone.card('Jolene', phone.completed)).toContainText('PLAYED');
  });

  test('Reject, then the page closes within the window: the move still reaches the server', async ({
    context,
    request,
    signedInMusician,
  }) => {
    const musician = await signedInMusician({ songs: [song('Creep', 'RH')] });
    const [songId] = musician.songIds;
    await submitRequestByApi(request, songId, { requester_name: 'Di' });
    const stage = new OnStagePage(await context.newPage());
    await stage.goto(musician.slug);
    await stage.reject('Creep', stage.active);
    await expect(stage.undoToast('Rejected: Creep')).toBeVisible();
    await stage.page.close({ runBeforeUnload: true });
    // Sooner than the undo window: the page sent it on its way out (fetch keepalive).
    await expect
      .poll(() => serverStatus(request, musician.token, 'Creep'), { timeout: 4_000 })
      .toBe('rejected');
  });

  test('an Undo after another device moved the request on is refused with its reason', async ({
    request,
    onStage,
    signedInMusician,
  }) => {
    const musician = await signedInMusician({ songs: [song('Halo', 'B')] });
    const [songId] = musician.songIds;
    const filed = await submitRequestByApi(request, songId, { requester_name: 'Ed' });
    await onStage.goto(musician.slug);
    await onStage.reject('Halo', onStage.active);
    await expect(onStage.undoToast('Rejected: Halo')).toBeVisible();
    await expect.poll(() => serverStatus(request, musician.token, 'Halo')).toBe('rejected');
    // Meanwhile the phone undoes it, sends it Up Next and marks it played.
    await setRequestStatusByApi(request, musician.token, filed.id, 'pending');
    await setRequestStatusByApi(request, musician.token, filed.id, 'up_next');
    await setRequestStatusByApi(request, musician.token, filed.id, 'played');
    await expect(onStage.card('Halo', onStage.completed)).toContainText('PLAYED');
    await onStage.undo('Rejected: Halo').click();
    await expect(
      onStage.page.getByRole('alert').filter({ hasText: '“Halo” was not changed' }),
    ).toContainText('A played request cannot be moved to pending.');
    await expect(onStage.card('Halo', onStage.completed)).toContainText('PLAYED');
    expect(await serverStatus(request, musician.token, 'Halo')).toBe('played');
  });

  test('an empty queue leads to the QR code and a real test request', async ({
    page,
    context,
    onStage,
    dashboard,
    signedInMusician,
  }) => {
    const musician = await signedInMusician();
    // The dashboard's On Stage tab first (the default tab).
    await expect(dashboard.liveColumn).toContainText(messages.queueEmptyTitle);
    await dashboard.liveColumn.getByRole('button', { name: 'Show QR code' }).click();
    const qr = page.getByRole('dialog', { name: 'Your QR code' });
    await expect(qr.getByRole('img', { name: /^QR code of / })).toBeVisible();
    await qr.getByRole('button', { name: 'Close' }).first().click();

    await onStage.goto(musician.slug);
    await expect(onStage.active).toContainText(messages.queueEmptyTitle);
    const opened = context.waitForEvent('page');
    await onStage.active.getByRole('link', { name: 'Send a test request' }).click();
    const audience = await opened;
    await expect(audience).toHaveURL(new RegExp(`/musician/${musician.slug}$`));
    await expect(audience.getByRole('heading', { level: 1 })).toContainText(musician.name);
  });
});
