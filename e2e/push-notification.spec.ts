import type { CDPSession, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { audienceModals } from './pages/audience-modals.ts';
import { AudiencePage } from './pages/audience-page.ts';
import { OnStagePage } from './pages/on-stage-page.ts';
import { expectNoSeriousA11yFindings } from './support/axe.ts';
import { PHONE } from './support/phone.ts';
import { atEachSize } from './support/screenshots.ts';
import {
  newPushSubscriber,
  startPushEndpoint,
  type PushSubscriber,
} from './support/push-endpoint.ts';
import { musicianRequestsByApi, submitRequestByApi } from './support/requests.ts';
import { CREEP, YELLOW } from './support/songs.ts';

/**
 * A push when it matters (issue 47, item 1): a phone asks to be told when its song is coming up,
 * and its service worker shows the notification when the musician marks the request Up Next.
 *
 * Headless Chromium offline cannot reach a real push service (FCM), and would not give this
 * test the message if it could. So the real path is kept everywhere but at the push service:
 * - the phone's context grants notifications, and the page taps the real button, which asks
 *   Notification.requestPermission, registers the real service worker and calls
 *   pushManager.subscribe; an init script replaces only PushManager.prototype.subscribe, to
 *   answer a subscription whose endpoint is a local HTTP server this test runs
 *   (support/push-endpoint.ts; the app allows its origin through WEB_PUSH_ALLOWED_ORIGINS in
 *   playwright.config.ts) and whose keys are a real P-256 pair and auth secret the test made;
 * - the page POSTs that subscription to the server as it would a real one; the musician marks
 *   the request Up Next; the server encrypts the push (RFC 8291, aes128gcm) with web-push and
 *   sends it to the endpoint;
 * - the endpoint decrypts it with http_ece, which a real push service could not do (it never
 *   holds the private key: the browser decrypts), and the test delivers the payload to the
 *   page's service worker through the DevTools protocol (ServiceWorker.deliverPushMessage, the
 *   push DevTools' Application panel sends), which fires the worker's real `push` event;
 * - the notification the worker showed is read back with registration.getNotifications().
 * A second test is an iPhone in a Safari tab (its user agent, no PushManager), told how to get it.
 */

const SHOTS = 'test-results/push-notification';

test.use({ ...PHONE, permissions: ['notifications'] });

/**
 * Runs in the page before its scripts: pushManager.subscribe answers `subscription` (what the
 * browser's push service would have given) and counts its calls. Everything else is the browser's.
 */
function answerSubscribeWith(subscription: Pick<PushSubscriber, 'endpoint' | 'keys'>) {
  const page = globalThis as unknown as {
    PushManager?: { prototype: { subscribe(options: unknown): Promise<unknown> } };
    pushSubscribeCalls: number;
  };
  if (!page.PushManager) return;
  page.pushSubscribeCalls = 0;
  page.PushManager.prototype.subscribe = (options) => {
    page.pushSubscribeCalls += 1;
    const { applicationServerKey } = options as { applicationServerKey: Uint8Array };
    return Promise.resolve({
      endpoint: subscription.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: applicationServerKey.slice().buffer },
      toJSON: () => ({ ...subscription, expirationTime: null }),
      unsubscribe: () => Promise.resolve(true),
    });
  };
}

/** The DevTools id of the audience page's worker registration (scope /musician/). */
async function audienceRegistrationId(cdp: CDPSession): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const audience = registrations.find(
        (registration) => !registration.isDeleted && registration.scopeURL.endsWith('/musician/'),
      );
      if (audience) resolve(audience.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  data: unknown;
}

/** The notifications the page's worker is showing. */
function shownNotifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () => {
    const { navigator } = globalThis as unknown as {
      navigator: {
        serviceWorker: {
          ready: Promise<{ getNotifications(): Promise<ShownNotification[]> }>;
        };
      };
    };
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map(({ title, body, tag, data }) => ({
      title,
      body,
      tag,
      data,
    }));
  });
}

test('a phone asks to be told, and its service worker shows "Your song is next" when the stage marks it Up Next', async ({
  page,
  context,
  request,
  audience,
  registeredMusician,
  anotherDevice,
}) => {
  test.setTimeout(90_000);
  const subscriber = newPushSubscriber('push/phone-1');
  const endpoint = await startPushEndpoint([subscriber]);
  try {
    const musician = await registeredMusician({ songs: [YELLOW, CREEP] });
    const [, creep] = musician.songIds;
    await submitRequestByApi(request, creep);
    await context.addInitScript(answerSubscribeWith, {
      endpoint: subscriber.endpoint,
      keys: subscriber.keys,
    });
    const { sent } = audienceModals(page);

    await audience.goto(musician.slug);
    await audience.sendRequest('Yellow', 'Maria', 'maria@example.com', 'For Sarah');
    await expect(sent.headline).toHaveText("Sent: you're #2 in line");
    await expect(sent.notifyMe).toBeVisible();
    await atEachSize(
      page,
      ({ width, height }) => page.screenshot({ path: `${SHOTS}/offer-${width}x${height}.png` }),
      [
        { name: 'tablet', width: 820, height: 1180 },
        { name: 'desktop', width: 1440, height: 900 },
        { name: 'phone', width: 390, height: 844 },
      ],
    );
    await expectNoSeriousA11yFindings(page, 'the sent sheet, offering a push');

    // A double tap asks once.
    await sent.notifyMe.dblclick();
    await expect(sent.dialog).toContainText("We'll tell you when it's next");
    await expect(sent.notifyMe).toBeHidden();
    const subscribeCalls = await page.evaluate(
      () => (globalThis as unknown as { pushSubscribeCalls: number }).pushSubscribeCalls,
    );
    expect(subscribeCalls).toBe(1);
    await page.screenshot({ path: `${SHOTS}/on-390x844.png` });
    await sent.done.click();
    await expect(audience.myRequest('Yellow')).toContainText("We'll tell you when it's next");

    const yellow = (await musicianRequestsByApi(request, musician.token)).find(
      (one) => one.song_title === 'Yellow',
    );
    // The musician's On Stage screen, on a device of its own, marks it Up Next.
    const stage = new OnStagePage(await anotherDevice(musician));
    await stage.goto(musician.slug);
    await stage.action('Yellow', 'Up Next', stage.active).click();
    const payload = await endpoint.next(subscriber);
    expect(JSON.parse(payload)).toEqual({
      title: 'Your song is next: Yellow',
      body: 'Yellow by Coldplay is coming up.',
      url: `/musician/${musician.slug}`,
      tag: `request-${yellow!.id}`,
    });
    expect(payload).not.toMatch(/maria|Maria/);
    // Up Next: nothing more to offer under it.
    await expect(audience.myRequest('Yellow')).toContainText('Up next');
    await expect(audience.myRequest('Yellow')).not.toContainText("We'll tell you");

    // What the browser's push service would hand the worker.
    const cdp = await context.newCDPSession(page);
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(page.url()).origin,
      registrationId: await audienceRegistrationId(cdp),
      data: payload,
    });
    await expect
      .poll(() => shownNotifications(page))
      .toEqual([
        {
          title: 'Your song is next: Yellow',
          body: 'Yellow by Coldplay is coming up.',
          tag: `request-${yellow!.id}`,
          data: { url: `/musician/${musician.slug}` },
        },
      ]);
    await cdp.detach();
  } finally {
    await endpoint.close();
  }
});

test('an iPhone in a Safari tab, which has no Web Push there, is told to add the page to its Home Screen', async ({
  browser,
  registeredMusician,
}) => {
  const musician = await registeredMusician({ songs: [YELLOW] });
  // Safari on iOS outside an installed web app: an iPhone's user agent, and no PushManager.
  const iphone = await browser.newContext({
    ...PHONE,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  });
  try {
    await iphone.addInitScript(() => {
      delete (globalThis as { PushManager?: unknown }).PushManager;
    });
    const page = await iphone.newPage();
    const audience = new AudiencePage(page);
    const { sent } = audienceModals(page);
    await audience.goto(musician.slug);
    await audience.sendRequest('Yellow', 'Maria', 'maria@example.com');
    await expect(sent.dialog).toContainText(
      "To get a notification when it's coming up, add this page to your Home Screen: tap Share, then Add to Home Screen.",
    );
    await expect(sent.notifyMe).toBeHidden();
    await page.screenshot({ path: `${SHOTS}/home-screen-390x844.png` });
  } finally {
    await iphone.close();
  }
});
