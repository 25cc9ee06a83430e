import type { RequestStatusView } from '#shared/schemas/audience.ts';
import type { RequestStatus } from '#shared/schemas/request.ts';
import type { CatalogKey } from './i18n/catalog-en.ts';

/**
 * What the requester's phone says of their own request: the audience's words, not the queue's
 * (accepted reads as received, rejected as "Not tonight"). The words themselves are the
 * catalogs' (English in i18n/catalog-en.ts), translated like the rest of the page.
 */
export const REQUESTER_STATUS_KEYS = {
  pending: 'statusReceived',
  accepted: 'statusReceived',
  up_next: 'statusUpNext',
  played: 'statusPlayed',
  rejected: 'statusNotTonight',
} as const satisfies Record<RequestStatus, CatalogKey>;

/**
 * A waiting request's place among the waiting ones ("#3 in line"), from the server's
 * queue_position; null once it is Up Next, played or rejected, or when the server sent none.
 */
export function placeInLine(view: Pick<RequestStatusView, 'status' | 'queue_position'>) {
  const waiting = view.status === 'pending' || view.status === 'accepted';
  return waiting && view.queue_position ? view.queue_position : null;
}

/**
 * The success state's headline after Send (issue 43): the place in line as soon as it is known,
 * "up next" when it went straight there, else a plain "Sent!" until the place arrives.
 */
export function sentHeadline(
  view: Pick<RequestStatusView, 'status' | 'queue_position'> | undefined,
): { key: 'sentInLine'; position: number } | { key: 'sentUpNext' | 'sentReceived' } {
  const place = view ? placeInLine(view) : null;
  if (place) return { key: 'sentInLine', position: place };
  return { key: view?.status === 'up_next' ? 'sentUpNext' : 'sentReceived' };
}

/**
 * A paid request's money, said plainly beside its state: waiting until Stripe says paid, then
 * paid; refunded when it was rejected or the show ended without it (no alarm: money back).
 */
export const REQUESTER_PAYMENT_KEYS = {
  awaiting: 'paymentAwaiting',
  paid: 'paymentPaid',
  refunded: 'paymentRefunded',
} as const satisfies Record<NonNullable<RequestStatusView['payment']>, CatalogKey>;
