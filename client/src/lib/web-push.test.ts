import { describe, expect, it, vi } from 'vitest';
import { base64UrlBytes, pushAbility, subscribeThisPage, type PushContainer } from './web-push.ts';

const browser = { production: true, hasWebPush: true, appleMobile: false, standalone: false };

describe('pushAbility', () => {
  it('is available where the browser has Web Push', () => {
    expect(pushAbility(browser)).toBe('available');
    expect(pushAbility({ ...browser, appleMobile: true, standalone: true })).toBe('available');
  });

  it('asks an iPhone in a Safari tab to add the page to the Home Screen first', () => {
    expect(pushAbility({ ...browser, hasWebPush: false, appleMobile: true })).toBe(
      'home-screen-first',
    );
    // Installed, yet without push (iOS before 16.4): nothing to say that would help.
    expect(
      pushAbility({ ...browser, hasWebPush: false, appleMobile: true, standalone: true }),
    ).toBe('none');
  });

  it('is none elsewhere without push, and in development (no worker there)', () => {
    expect(pushAbility({ ...browser, hasWebPush: false })).toBe('none');
    expect(pushAbility({ ...browser, production: false })).toBe('none');
  });
});

describe('base64UrlBytes', () => {
  it('reads base64url without padding', () => {
    expect([...base64UrlBytes('-_8')]).toEqual([0xfb, 0xff]);
    expect([...base64UrlBytes('AQID')]).toEqual([1, 2, 3]);
  });
});

/** A page's worker registration with a PushManager holding `existingKey`'s subscription, if any. */
function fakeContainer(existingKey?: Uint8Array) {
  const subscriptionFor = (key: Uint8Array, endpoint: string) => ({
    options: { applicationServerKey: key.slice().buffer },
    unsubscribe: vi.fn(() => Promise.resolve(true)),
    toJSON: () => ({ endpoint, keys: { p256dh: 'p256dh-key', auth: 'auth-key' } }),
  });
  const existing = existingKey && subscriptionFor(existingKey, 'https://push.example/old');
  const pushManager = {
    getSubscription: vi.fn(() => Promise.resolve(existing ?? null)),
    subscribe: vi.fn((options: { applicationServerKey: Uint8Array }) =>
      Promise.resolve(subscriptionFor(options.applicationServerKey, 'https://push.example/new')),
    ),
  };
  const register = vi.fn(() => Promise.resolve({}));
  const container = { register, ready: Promise.resolve({ pushManager }) };
  return { container: container as unknown as PushContainer, register, pushManager, existing };
}

describe('subscribeThisPage', () => {
  it("registers the audience worker (a tap may come before the page did) and subscribes with the server's key", async () => {
    const { container, register, pushManager } = fakeContainer();
    const keys = await subscribeThisPage('AQID', container);
    expect(register).toHaveBeenCalledWith('/sw.js?shell=audience', { scope: '/musician/' });
    expect(pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: new Uint8Array([1, 2, 3]),
    });
    expect(keys).toEqual({
      endpoint: 'https://push.example/new',
      keys: { p256dh: 'p256dh-key', auth: 'auth-key' },
    });
  });

  it('reuses the subscription the page has for the same key', async () => {
    const { container, pushManager } = fakeContainer(new Uint8Array([1, 2, 3]));
    expect((await subscribeThisPage('AQID', container)).endpoint).toBe('https://push.example/old');
    expect(pushManager.subscribe).not.toHaveBeenCalled();
  });

  it("replaces one made for another key (the server's keys changed)", async () => {
    const { container, pushManager, existing } = fakeContainer(new Uint8Array([9, 9, 9]));
    expect((await subscribeThisPage('AQID', container)).endpoint).toBe('https://push.example/new');
    expect(existing?.unsubscribe).toHaveBeenCalled();
    expect(pushManager.subscribe).toHaveBeenCalledTimes(1);
  });
});
