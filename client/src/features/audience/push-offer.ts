import type { PushAbility, PushSubscriptionKeys } from '#client/lib/web-push.ts';
import type { RequestStatusView } from '#shared/schemas/audience.ts';

/**
 * "Tell me when it's coming up" under one waiting request (issue 47), as a state machine:
 * offered -> (tap) asking -> on, or denied (the browser refused: the page says how to allow),
 * or back to offered (the person dismissed the prompt), or failed (a sentence and a retry).
 */
export type PushOfferState = 'offered' | 'asking' | 'on' | 'denied' | 'failed';

export type PushOfferEvent =
  | { type: 'tap' }
  /** The browser's answer when it is not 'granted'. */
  | { type: 'permission'; permission: NotificationPermission }
  /** Subscribed, and the server stored it for this request. */
  | { type: 'subscribed' }
  | { type: 'failed' };

export function nextPushOffer(state: PushOfferState, event: PushOfferEvent): PushOfferState {
  switch (event.type) {
    // One tap at a time: a second while asking (a double tap) or once on changes nothing.
    case 'tap':
      return state === 'asking' || state === 'on' ? state : 'asking';
    case 'permission':
      if (state !== 'asking') return state;
      if (event.permission === 'denied') return 'denied';
      return event.permission === 'default' ? 'offered' : state;
    case 'subscribed':
      return state === 'asking' ? 'on' : state;
    case 'failed':
      return state === 'asking' ? 'failed' : state;
  }
}

/** Before any tap: on when this phone turned it on for the request, denied when the browser already blocks the page. */
export function initialPushOffer(
  on: boolean,
  permission: NotificationPermission | undefined,
): PushOfferState {
  if (on) return 'on';
  return permission === 'denied' ? 'denied' : 'offered';
}

/** What the page shows under a request: a state, the Home Screen hint, or nothing. */
export type PushOfferView = PushOfferState | 'home-screen' | null;

type OfferedRequest = Pick<RequestStatusView, 'status' | 'payment' | 'push_public_key'>;

/**
 * Only while the request waits in line (received, not yet Up Next; a paid one once it is paid)
 * and where the browser can push; the iPhone hint where it could once on the Home Screen. The
 * server's key arrives with the status read: without it, nothing is offered or promised.
 */
export function pushOfferView(
  ability: PushAbility,
  request: OfferedRequest,
  state: PushOfferState,
): PushOfferView {
  const waiting = request.status === 'pending' || request.status === 'accepted';
  if (!waiting || request.payment === 'awaiting' || ability === 'none') return null;
  if (ability === 'home-screen-first') return request.push_public_key ? 'home-screen' : null;
  if (state === 'on' || state === 'asking') return state;
  return request.push_public_key ? state : null;
}

/** What turning pushes on for one request does, in order; the browser's and the server's. */
export interface TurnOnSteps {
  /** Notification.requestPermission: called first, inside the tap (Safari requires it). */
  requestPermission(): Promise<NotificationPermission>;
  /** The page's push subscription for the server's key (web-push.ts). */
  subscribe(publicKey: string): Promise<PushSubscriptionKeys>;
  /** POST /api/request-status/{token}/push. */
  send(subscription: PushSubscriptionKeys): Promise<unknown>;
}

/** Permission, subscription, the server: the event that ends the asking. */
export async function turnOnPush(publicKey: string, steps: TurnOnSteps): Promise<PushOfferEvent> {
  try {
    const permission = await steps.requestPermission();
    if (permission !== 'granted') return { type: 'permission', permission };
    await steps.send(await steps.subscribe(publicKey));
    return { type: 'subscribed' };
  } catch (error) {
    console.warn('Notifications could not be turned on:', error);
    return { type: 'failed' };
  }
}
