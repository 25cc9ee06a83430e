/**
 * Who a tip counts for in analytics. A request's tip_amount adds up everyone's tips: its first
 * requester's, its +1s' (each also kept on the +1) and every tip sent after it (each kept in
 * tips). A tip sent after a request is credited to the person behind it who sent it: the same
 * phone, else the same name, else the first requester.
 */

/** Money in whole cents, so sums are exact (numeric(10,2) is read as text such as '12.50'). */
export const toCents = (amount: string | number): number => Math.round(Number(amount) * 100);

/** One person behind a request: its first requester (`voterId` null) or one of its +1s. */
export interface RequestPerson {
  voterId: string | null;
  deviceId: string;
  requesterName: string;
  createdAt: Date;
}

export interface SentTip {
  requestId: string;
  amountCents: number;
  /** The sending phone's X-Device-Id, '' when it sent none. */
  deviceId: string;
  tipperName: string;
}

/** lower(btrim(name)): btrim takes off spaces only. */
const nameKey = (name: string) => name.replace(/^ +| +$/g, '').toLowerCase();

/**
 * The person a tip is credited to among the request's people (first requester first): the
 * first match of the same phone, else of the same name, else the earliest of them.
 */
export function creditedPerson<Person extends RequestPerson>(
  tip: Pick<SentTip, 'deviceId' | 'tipperName'>,
  people: readonly Person[],
): Person | undefined {
  const rank = (person: RequestPerson) => [
    tip.deviceId !== '' && person.deviceId === tip.deviceId ? 0 : 1,
    nameKey(person.requesterName) === nameKey(tip.tipperName) ? 0 : 1,
    person.createdAt.getTime(),
  ];
  let best: Person | undefined;
  let bestRank: number[] = [];
  for (const person of people) {
    const candidate = rank(person);
    // Strictly better only: on a tie the person listed first keeps it.
    if (best === undefined || isLess(candidate, bestRank)) {
      best = person;
      bestRank = candidate;
    }
  }
  return best;
}

function isLess(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i]) return a[i]! < b[i]!;
  }
  return false;
}

export interface CreditableRequest {
  id: string;
  tipCents: number;
  deviceId: string;
  requesterName: string;
  createdAt: Date;
}

export interface CreditableVoter {
  id: string;
  requestId: string;
  tipCents: number;
  deviceId: string;
  requesterName: string;
  createdAt: Date;
}

/** What each first requester and each +1 gave, in cents. */
export interface CreditedAmounts {
  request: Map<string, number>;
  voter: Map<string, number>;
}

/**
 * Splits the requests' tips between their people. A +1's amount is its own tip plus the tips
 * credited to it; a first requester's is what its request carries beyond its +1s' tips and the
 * tips sent after it (never below 0), plus the tips credited to them. Tips on requests not
 * given are left out.
 */
export function creditTips(
  requests: readonly CreditableRequest[],
  voters: readonly CreditableVoter[],
  tips: readonly SentTip[],
): CreditedAmounts {
  const people = new Map<string, RequestPerson[]>();
  const votersTotal = new Map<string, number>();
  for (const request of requests) people.set(request.id, [{ ...request, voterId: null }]);
  for (const voter of voters) {
    people.get(voter.requestId)?.push({ ...voter, voterId: voter.id });
    votersTotal.set(voter.requestId, (votersTotal.get(voter.requestId) ?? 0) + voter.tipCents);
  }
  const sentAfter = new Map<string, number>();
  const toFirst = new Map<string, number>();
  const voter = new Map<string, number>(voters.map((row) => [row.id, row.tipCents]));
  for (const tip of tips) {
    const candidates = people.get(tip.requestId);
    if (!candidates) continue;
    sentAfter.set(tip.requestId, (sentAfter.get(tip.requestId) ?? 0) + tip.amountCents);
    const person = creditedPerson(tip, candidates)!;
    if (person.voterId === null) {
      toFirst.set(tip.requestId, (toFirst.get(tip.requestId) ?? 0) + tip.amountCents);
    } else {
      voter.set(person.voterId, (voter.get(person.voterId) ?? 0) + tip.amountCents);
    }
  }
  const request = new Map<string, number>();
  for (const row of requests) {
    const own = row.tipCents - (votersTotal.get(row.id) ?? 0) - (sentAfter.get(row.id) ?? 0);
    request.set(row.id, Math.max(own, 0) + (toFirst.get(row.id) ?? 0));
  }
  return { request, voter };
}
