import { createPageStore } from '#client/lib/store-reset.ts';
import { subscribeThisPage } from '#client/lib/web-push.ts';
import { audienceApi } from './audience-api.ts';
import { currentLocale } from './i18n/audience-i18n.ts';
import { MAX_TRACKED } from './my-requests.ts';
import {
  initialPushOffer,
  nextPushOffer,
  turnOnPush,
  type PushOfferEvent,
  type PushOfferState,
  type TurnOnSteps,
} from './push-offer.ts';

/** The status tokens of the requests whose pushes this phone turned on (a reload still says so). */
export const PUSH_ON_KEY = 'song-requests:push-on';

function loadPushOn(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(PUSH_ON_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((token) => typeof token === 'string') : [];
  } catch {
    // No storage here (private mode, or a test in Node): nothing was turned on before.
    return [];
  }
}

function savePushOn(tokens: string[]): void {
  try {
    localStorage.setItem(PUSH_ON_KEY, JSON.stringify(tokens));
  } catch {
    // Refused storage (private mode): "on" lasts as long as the page; the pushes still come.
  }
}

const browserPermission = (): NotificationPermission | undefined =>
  typeof Notification === 'undefined' ? undefined : Notification.permission;

/** The real steps for the request of `token`: the browser's prompt, its worker, the server. */
export const browserSteps = (token: string): TurnOnSteps => ({
  requestPermission: () => Notification.requestPermission(),
  subscribe: (publicKey) => subscribeThisPage(publicKey),
  send: (subscription) =>
    audienceApi.subscribePush(token, { ...subscription, language: currentLocale() }),
});

interface PushOfferStore {
  /** Each request's offer by status token, once touched; before that, initialPushOffer. */
  offers: Record<string, PushOfferState>;
  /** The tokens whose pushes are on (PUSH_ON_KEY), newest first. */
  on: string[];
  offerOf(token: string): PushOfferState;
  /**
   * The tap on "Tell me when it's coming up". A tap while one is asking (a double tap) does
   * nothing, so a request is never subscribed twice at once.
   */
  turnOn(token: string, publicKey: string, steps?: TurnOnSteps): Promise<void>;
}

export const usePushOfferStore = createPageStore<PushOfferStore>((set, get) => {
  const apply = (token: string, event: PushOfferEvent) =>
    set((state) => ({
      offers: { ...state.offers, [token]: nextPushOffer(get().offerOf(token), event) },
    }));

  return {
    offers: {},
    on: loadPushOn(),

    offerOf: (token) =>
      get().offers[token] ?? initialPushOffer(get().on.includes(token), browserPermission()),

    turnOn: async (token, publicKey, steps = browserSteps(token)) => {
      const before = get().offerOf(token);
      if (nextPushOffer(before, { type: 'tap' }) === before) return;
      apply(token, { type: 'tap' });
      const outcome = await turnOnPush(publicKey, steps);
      if (outcome.type === 'subscribed') {
        const on = [token, ...get().on.filter((held) => held !== token)].slice(0, MAX_TRACKED);
        savePushOn(on);
        set({ on });
      }
      apply(token, outcome);
    },
  };
});

/** A request's offer, as a component reads it (re-renders when it changes). */
export const usePushOffer = (token: string): PushOfferState =>
  usePushOfferStore((state) => state.offers[token] ?? state.offerOf(token));
