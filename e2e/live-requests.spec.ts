import type { WebSocketRoute } from '@playwright/test';
import { messages } from '#shared/messages.ts';
import { expect, test } from './fixtures.ts';
import { addSongByApi } from './support/musicians.ts';
import { HALO, JOLENE, VALERIE, WONDERWALL } from './support/songs.ts';
import { OnStagePage } from './pages/on-stage-page.ts';
import { submitRequestByApi } from './support/requests.ts';

/** The On Stage screen polls every 5 s while its socket is down, and says so. */
const POLLING_LABEL = 'Offline – checking every 5 s';

test.describe('live request loop', () => {
  test('a request sent from a phone shows on the On Stage screen and the dashboard without reload', async ({
    page,
    context,
    request,
    dashboard,
    signedInMusician,
  }) => {
    const musician = await signedInMusician({ songs: [WONDERWALL] });
    const [songId] = musician.songIds;
    // The tablet: a second tab of the same signed-in browser.
    const stage = new OnStagePage(await context.newPage());
    await stage.goto(musician.slug);
    await expect(stage.connection).toHaveText('Connected');
    await expect(dashboard.connection).toHaveText('Connected');
    await expect(stage.active).toContainText(messages.queueEmptyTitle);

    await submitRequestByApi(request, songId, {
      requester_name: 'Alex',
      dedication: 'For Sam',
      tip_amount: 5,
    });

    const card = stage.card('Wonderwall', stage.active);
    await expect(card).toContainText('Requested by Alex');
    await expect(card).toContainText('For Sam');
    // The phone's own tip is a claim until a payment says otherwise (issue 45).
    await expect(card).toContainText('Tips $5 claimed');
    await expect(card).toContainText('NEW');
    await expect(stage.newBadge).toHaveText('+1 New!');
    await stage.newBadge.click();
    await expect(stage.newBadge).toBeHidden();

    await expect(dashboard.card(dashboard.liveColumn, 'Wonderwall')).toContainText('Alex');
    await expect(dashboard.requestsBadge()).toHaveText('1');
    await dashboard.tab('Requests').click();
    await expect(dashboard.card(dashboard.allRequests, 'Wonderwall')).toContainText('Pending');
    await expect(page).toHaveURL('/dashboard?tab=requests');
  });

  test('a status change made on another device shows on this one without reload', async ({
    context,
    request,
    dashboard,
    signedInMusician,
    anotherDevice,
  }) => {
    const musician = await signedInMusician({ songs: [HALO] });
    const [songId] = musician.songIds;
    await submitRequestByApi(request, songId, { requester_name: 'Jo' });
    const stage = new OnStagePage(await context.newPage());
    await stage.goto(musician.slug);
    await expect(stage.card('Halo', stage.active)).toBeVisible();
    await expect(stage.connection).toHaveText('Connected');

    // The phone: another browser where the same musician is signed in.
    const phone = new OnStagePage(await anotherDevice(musician));
    await phone.goto(musician.slug);
    await phone.action('Halo', 'Up Next', phone.active).click();
    await expect(phone.toast).toHaveText('Added to Up Next!');

    await expect(stage.card('Halo', stage.upNext)).toBeVisible();
    await expect(stage.more('Halo', stage.upNext)).toBeVisible();
    await expect(dashboard.card(dashboard.upNextColumn, 'Halo')).toBeVisible();
    await expect(dashboard.requestsBadge()).toBeHidden();

    await phone.action('Halo', 'Played', phone.upNext).click();
    await expect(phone.undoToast('Marked played: Halo')).toBeVisible();
    // Sent at once (Undo stays offered): every screen has it.
    await expect(stage.card('Halo', stage.completed)).toContainText('PLAYED', { timeout: 10_000 });
    await expect(stage.upNext).toBeHidden();
    await expect(dashboard.card(dashboard.completedColumn, 'Halo')).toContainText('Played');

    // And the other way round: the dashboard rejects, the phone sees it.
    await submitRequestByApi(request, songId, { requester_name: 'Kim' });
    const kim = dashboard.liveColumn.getByRole('article').filter({ hasText: 'Kim' });
    await kim.getByRole('button', { name: 'Reject' }).click();
    await expect(dashboard.undoToasts.filter({ hasText: 'Rejected: Halo' })).toBeVisible();
    await expect(phone.completed.getByRole('article').filter({ hasText: 'Kim' })).toContainText(
      'REJECTED',
      { timeout: 10_000 },
    );
  });

  test('when the socket is cut the screen keeps updating by polling, and stops polling once it is back', async ({
    page,
    request,
    onStage,
    signedInMusician,
  }) => {
    test.setTimeout(90_000);
    let cut = false;
    const sockets: WebSocketRoute[] = [];
    await page.routeWebSocket(/\/socket\.io\//, (ws) => {
      if (cut) return void ws.close();
      const server = ws.connectToServer();
      ws.onMessage((message) => {
        // Engine.IO's upgrade packet: from now on the socket runs on this WebSocket.
        if (message === '5') sockets.push(ws);
        server.send(message);
      });
    });
    // Socket.IO's HTTP long-polling transport.
    await page.route('**/socket.io/**', (route) => (cut ? route.abort() : route.continue()));
    let polls = 0;
    page.on('request', (sent) => {
      if (sent.url().includes('/api/requests/updates/')) polls += 1;
    });

    const musician = await signedInMusician({ songs: [JOLENE] });
    const [songId] = musician.songIds;
    // The dashboard's own socket upgrades too: wait for it before forgetting it, or its upgrade,
    // seen after the reset, would stand for the On Stage screen's and the cut would miss that one.
    await expect.poll(() => sockets.length).toBeGreaterThan(0);
    sockets.length = 0; // the dashboard's, closed by the navigation
    await onStage.goto(musician.slug);
    await expect(onStage.connection).toHaveText('Connected');
    // Socket.IO starts on HTTP long-polling and then upgrades: cut once it runs on the WebSocket.
    await expect.poll(() => sockets.length).toBeGreaterThan(0);

    cut = true;
    for (const ws of sockets.splice(0)) {
      await ws.close();
    }
    await expect(onStage.connection).toHaveText(POLLING_LABEL);

    await submitRequestByApi(request, songId, { requester_name: 'Polly' });
    await expect(onStage.card('Jolene', onStage.active)).toContainText('Polly', {
      timeout: 12_000,
    });
    await expect(onStage.connection).toHaveText(POLLING_LABEL);

    cut = false;
    await expect(onStage.connection).toHaveText('Connected', { timeout: 20_000 });
    // One resync may follow the reconnect; after that, no more polls.
    await page.waitForTimeout(1_000);
    const afterReconnect = polls;
    await page.waitForTimeout(6_000);
    expect(polls).toBe(afterReconnect);
  });

  test('the dashboard rings for requests that arrive live, on any tab, with notifications on too', async ({
    page,
    request,
    dashboard,
    signedInMusician,
  }) => {
    // A fake audio output and granted notifications, counted in the page.
    await page.addInitScript(() => {
      const counts = { tones: 0, resumed: 0, notifications: 0 };
      const g = globalThis as unknown as Record<string, unknown>;
      g.alertCounts = counts;
      g.AudioContext = class {
        state = 'suspended';
        currentTime = 0;
        destination = {};
        resume() {
          counts.resumed += 1;
          this.state = 'running';
          return Promise.resolve();
        }
        createGain() {
          return { gain: { value: 1 }, connect: (next: unknown) => next };
        }
        createOscillator() {
          return {
            type: 'sine',
            frequency: { value: 0 },
            connect: (next: unknown) => next,
            start: () => (counts.tones += 1),
            stop: () => {},
          };
        }
      };
      g.Notification = class {
        static permission = 'granted';
        static requestPermission() {
          return Promise.resolve('granted');
        }
        constructor() {
          counts.notifications += 1;
        }
      };
    });
    const counts = () =>
      page.evaluate(
        () => (globalThis as unknown as { alertCounts: Record<string, number> }).alertCounts,
      );
    const musician = await signedInMusician({ songs: [VALERIE] });
    const [songId] = musician.songIds;
    await submitRequestByApi(request, songId, { requester_name: 'Already here' });
    await dashboard.goto();
    await expect(dashboard.card(dashboard.liveColumn, 'Valerie')).toBeVisible();
    await expect(dashboard.connection).toHaveText('Connected');
    // The first tap anywhere wakes the audio up; the first load rang nothing.
    await dashboard.welcome.click();
    expect(await counts()).toEqual({ tones: 0, resumed: 1, notifications: 0 });

    // Each live request for its own song: one for a waiting song would merge as a +1.
    const liveSong = (title: string) =>
      addSongByApi(request, musician.token, { title, artist: 'Amy Winehouse' });
    await submitRequestByApi(request, await liveSong('Rehab'), { requester_name: 'Live one' });
    await expect.poll(async () => (await counts()).tones).toBe(1);
    expect((await counts()).notifications).toBe(1);

    await dashboard.tab('Requests').click();
    await submitRequestByApi(request, await liveSong('Back to Black'), {
      requester_name: 'Live two',
    });
    await expect.poll(async () => (await counts()).tones).toBe(2);
    expect(await counts()).toEqual({ tones: 2, resumed: 1, notifications: 2 });
  });
});
