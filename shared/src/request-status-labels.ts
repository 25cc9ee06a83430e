import type { RequestStatus } from './schemas/request.ts';

/** How each request status is named on screen (spec section 4). */
export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  up_next: 'Up Next',
  played: 'Played',
  rejected: 'Rejected',
};

/**
 * The button that moves a request to a status: the musician's verb, not the state's name. One
 * word per move on every screen (dashboard On Stage and Requests tabs, On Stage screen, batch
 * bar): the words the spec gives the dashboard's Live Requests column (section 2).
 */
export const REQUEST_MOVE_LABELS = {
  up_next: 'Up Next',
  played: 'Played',
  rejected: 'Reject',
} as const satisfies Partial<Record<RequestStatus, string>>;

export type RequestMove = keyof typeof REQUEST_MOVE_LABELS;

/** A status inside a sentence: lower case, except "Up Next", which is the queue's proper name. */
export function statusInSentence(status: RequestStatus): string {
  return status === 'up_next'
    ? REQUEST_STATUS_LABELS.up_next
    : REQUEST_STATUS_LABELS[status].toLowerCase();
}
