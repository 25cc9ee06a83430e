/**
 * The request status values (spec section 4) and which are still open, without zod: the
 * audience page reads them on its first visit, where a schema library would cost 33 KB.
 * schemas/request.ts re-exports them beside the schemas that use them.
 */
export const REQUEST_STATUSES = ['pending', 'accepted', 'up_next', 'played', 'rejected'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/**
 * A request still in the queue: waiting (pending, or accepted by older clients) or Up Next. The
 * others (played, rejected) are final. The SQL function file_request (migrations 0006, 0009)
 * spells the same list, as a migration must.
 */
export const OPEN_REQUEST_STATUSES = [
  'pending',
  'accepted',
  'up_next',
] as const satisfies readonly RequestStatus[];
export type OpenRequestStatus = (typeof OPEN_REQUEST_STATUSES)[number];

export function isOpenStatus(status: RequestStatus): status is OpenRequestStatus {
  return (OPEN_REQUEST_STATUSES as readonly RequestStatus[]).includes(status);
}
