import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PushSubscriptionKeys } from '#client/lib/web-push.ts';
import {
  initialPushOffer,
  nextPushOffer,
  pushOfferView,
  turnOnPush,
  type PushOfferState,
  type TurnOnSteps,
} from './push-offer.ts';
import { usePushOfferStore } from './push-offer-store.ts';

const SUBSCRIPTION: PushSubscriptionKeys = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
  keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
};

/** The browser's and the server's answers, recorded; `permission` is the prompt's. */
function steps(permission: NotificationPermission = 'granted', send = () => Promise.resolve({})) {
  return {
    requestPermission: vi.fn(() => Promise.resolve(permission)),
    subscribe: vi.fn(() => Promise.resolve(SUBSCRIPTION)),
    send: vi.fn(send),
  } satisfies TurnOnSteps;
}

afterEach(() => vi.restoreAllMocks());

describe('the offer as a state machine', () => {
  it('goes offered -> asking -> on', () => {
    const asking = nextPushOffer('offered', { type: 'tap' });
    expect(asking).toBe('asking');
    expect(nextPushOffer(asking, { type: 'subscribed' })).toBe('on');
  });

  it('ignores a second tap while asking, and any once on', () => {
    expect(nextPushOffer('asking', { type: 'tap' })).toBe('asking');
    expect(nextPushOffer('on', { type: 'tap' })).toBe('on');
  });

  it('says denied when the browser blocks, and offers again when the prompt was dismissed', () => {
    expect(nextPushOffer('asking', { type: 'permission', permission: 'denied' })).toBe('denied');
    expect(nextPushOffer('asking', { type: 'permission', permission: 'default' })).toBe('offered');
    expect(nextPushOffer('asking', { type: 'failed' })).toBe('failed');
  });

  it('lets denied and failed be tapped again', () => {
    expect(nextPushOffer('denied', { type: 'tap' })).toBe('asking');
    expect(nextPushOffer('failed', { type: 'tap' })).toBe('asking');
  });

  it('takes no outcome that was not asked for', () => {
    for (const state of ['offered', 'on', 'denied', 'failed'] as PushOfferState[]) {
      expect(nextPushOffer(state, { type: 'subscribed' })).toBe(state);
      expect(nextPushOffer(state, { type: 'failed' })).toBe(state);
    }
  });

  it('starts on when this phone turned it on, denied when the browser already blocks the page', () => {
    expect(initialPushOffer(true, 'granted')).toBe('on');
    expect(initialPushOffer(false, 'denied')).toBe('denied');
    expect(initialPushOffer(false, 'default')).toBe('offered');
    expect(initialPushOffer(false, undefined)).toBe('offered');
  });
});

describe('where the offer shows', () => {
  const waiting = { status: 'pending', payment: null, push_public_key: 'BKey' } as const;

  it('under a waiting request, where the browser can push and the server has a key', () => {
    expect(pushOfferView('available', waiting, 'offered')).toBe('offered');
    expect(pushOfferView('available', { ...waiting, status: 'accepted' }, 'denied')).toBe('denied');
    expect(pushOfferView('available', { ...waiting, push_public_key: undefined }, 'offered')).toBe(
      null,
    );
    expect(pushOfferView('available', { ...waiting, push_public_key: undefined }, 'on')).toBe('on');
  });

  it('nowhere once the request is up next, played or rejected, or before it is paid', () => {
    for (const status of ['up_next', 'played', 'rejected'] as const) {
      expect(pushOfferView('available', { ...waiting, status }, 'on'), status).toBe(null);
    }
    expect(pushOfferView('available', { ...waiting, payment: 'awaiting' }, 'offered')).toBe(null);
  });

  it('says how on an iPhone outside the Home Screen, and nothing where no push exists', () => {
    expect(pushOfferView('home-screen-first', waiting, 'offered')).toBe('home-screen');
    expect(
      pushOfferView('home-screen-first', { ...waiting, push_public_key: undefined }, 'offered'),
    ).toBe(null);
    expect(pushOfferView('none', waiting, 'offered')).toBe(null);
  });
});

describe('turning it on', () => {
  it('asks, subscribes with the server key, then tells the server', async () => {
    const taken = steps();
    expect(await turnOnPush('BKey', taken)).toEqual({ type: 'subscribed' });
    expect(taken.subscribe).toHaveBeenCalledWith('BKey');
    expect(taken.send).toHaveBeenCalledWith(SUBSCRIPTION);
  });

  it('stops at a refusal without subscribing', async () => {
    const taken = steps('denied');
    expect(await turnOnPush('BKey', taken)).toEqual({ type: 'permission', permission: 'denied' });
    expect(taken.subscribe).not.toHaveBeenCalled();
  });

  it('fails in a sentence when the server refuses', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const taken = steps('granted', () => Promise.reject(new Error('409')));
    expect(await turnOnPush('BKey', taken)).toEqual({ type: 'failed' });
  });

  it('subscribes a request once, however fast the taps', async () => {
    const taken = steps();
    const store = usePushOfferStore.getState();
    await Promise.all([
      store.turnOn('token-1', 'BKey', taken),
      store.turnOn('token-1', 'BKey', taken),
      store.turnOn('token-1', 'BKey', taken),
    ]);
    expect(taken.requestPermission).toHaveBeenCalledTimes(1);
    expect(taken.send).toHaveBeenCalledTimes(1);
    expect(usePushOfferStore.getState().offerOf('token-1')).toBe('on');
    expect(usePushOfferStore.getState().on).toEqual(['token-1']);
    // On, it stays on: another tap asks nothing.
    await store.turnOn('token-1', 'BKey', taken);
    expect(taken.requestPermission).toHaveBeenCalledTimes(1);
  });

  it('offers again for another request, and after a failure', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const store = usePushOfferStore.getState();
    await store.turnOn(
      'token-2',
      'BKey',
      steps('granted', () => Promise.reject(new Error('x'))),
    );
    expect(usePushOfferStore.getState().offerOf('token-2')).toBe('failed');
    await store.turnOn('token-2', 'BKey', steps());
    expect(usePushOfferStore.getState().offerOf('token-2')).toBe('on');
  });
});
