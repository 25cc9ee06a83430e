// Tips on one request add up, one definition: several people may be behind a merged request
// (features/requests, a +1 with a tip) and a tip may follow a request (features/audience). Each
// tip keeps its own amount where it is stored (the +1's row, the tips table).

/** The most one request may hold in tips, everyone's together (the table's check). */
export const MAX_TIPS_A_REQUEST = 500;

/** The request's tips with `added` more, in whole cents (0.1 + 0.2 is 0.3), within the most. */
export function tipsAddedUp(current: number, added: number): number {
  const cents = Math.round(current * 100) + Math.round(added * 100);
  return Math.min(cents / 100, MAX_TIPS_A_REQUEST);
}
