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
