import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fairRounds, type TakenTurn } from '#server/features/requests/fair-turns.ts';
import { queueChanges, type QueuedRequest } from '#server/features/requests/queue-positions.ts';

// The 'fair' order as a pure function: one request per person per round, each round oldest
// first, paid requests before all others as in every order.

const NOW = new Date(Date.UTC(2026, 10, 28, 21, 0, 0));

interface Ask {
  email: string;
  deviceId: string;
  paid?: boolean;
  status?: QueuedRequest['status'];
}

/** One request per ask, in arrival order one second apart, ids in the same order. */
function requestsOf(asks: Ask[]): QueuedRequest[] {
  return asks.map((ask, i) => ({
    id: `r${String(i).padStart(3, '0')}`,
    status: ask.status ?? 'pending',
    blocked: false,
    queuePosition: null,
    queueRank: i + 1,
    votes: 1,
    tipReceived: 0,
    paid: ask.paid ?? false,
    requesterEmail: ask.email,
    deviceId: ask.deviceId,
    showId: null,
    createdAt: new Date(NOW.getTime() - 60_000 + i * 1000),
    updatedAt: new Date(NOW.getTime() - 60_000),
  }));
}

/** The waiting column's ids in position order after the fair order is applied. */
function waitingOrder(requests: QueuedRequest[], played: TakenTurn[] = []): string[] {
  const changes = queueChanges('fair', requests, NOW, played);
  const position = new Map(changes.map((c) => [c.id, c.queuePosition]));
  return requests
    .filter((r) => r.status === 'pending' || r.status === 'accepted')
    .sort((a, b) => position.get(a.id)! - position.get(b.id)!)
    .map((r) => r.id);
}

/** The people among requests, grouped the slow obvious way: merge while two groups share a key. */
function peopleByHand(requests: QueuedRequest[]): QueuedRequest[][] {
  const keys = (r: QueuedRequest) =>
    [r.requesterEmail && `e:${r.requesterEmail.toLowerCase()}`, r.deviceId && `d:${r.deviceId}`]
      .filter(Boolean)
      .concat(r.requesterEmail || r.deviceId ? [] : [`n:${r.id}`]);
  let groups = requests.map((r) => ({ keys: new Set(keys(r)), requests: [r] }));
  for (let merged = true; merged;) {
    merged = false;
    outer: for (let i = 0; i < groups.length; i++) {
      for (let j = i + 1; j < groups.length; j++) {
        if ([...groups[j]!.keys].some((key) => groups[i]!.keys.has(key))) {
          for (const key of groups[j]!.keys) groups[i]!.keys.add(key);
          groups[i]!.requests.push(...groups[j]!.requests);
          groups = groups.filter((_, k) => k !== j);
          merged = true;
          break outer;
        }
      }
    }
  }
  return groups.map((g) => g.requests.sort((a, b) => (a.id < b.id ? -1 : 1)));
}

const A = { email: 'a@example.com', deviceId: 'phone-a' };
const B = { email: 'b@example.com', deviceId: 'phone-b' };
const C = { email: '', deviceId: 'phone-c' };

describe("the 'fair' order", () => {
  it('asked A, A, A, B, C: A, B, C, A, A', () => {
    const requests = requestsOf([A, A, A, B, C]);
    expect(waitingOrder(requests)).toEqual(['r000', 'r003', 'r004', 'r001', 'r002']);
  });

  it('knows a person by their email (any case) or their phone, as the limits do', () => {
    const requests = requestsOf([
      { email: 'Sam@Example.com', deviceId: 'phone-1' },
      { email: 'sam@example.com', deviceId: '' },
      { email: '', deviceId: 'phone-1' },
      B,
    ]);
    // All three of the first are Sam's: B's first turn comes second.
    expect(waitingOrder(requests)).toEqual(['r000', 'r003', 'r001', 'r002']);
  });

  it('counts a turn taken (Up Next, or played tonight), so a second request waits its round', () => {
    const upNext = requestsOf([{ ...A, status: 'up_next' }, A, B]);
    expect(waitingOrder(upNext)).toEqual(['r002', 'r001']);
    const played = requestsOf([A, B]);
    const turnOfA = { requesterEmail: A.email, deviceId: A.deviceId };
    expect(waitingOrder(played, [{ ...turnOfA, showId: null }])).toEqual(['r001', 'r000']);
    // A turn in another show is another night.
    expect(waitingOrder(played, [{ ...turnOfA, showId: 'other' }])).toEqual(['r000', 'r001']);
  });

  it('keeps paid requests first, and fair among themselves', () => {
    const requests = requestsOf([A, B, { ...A, paid: true }, { ...C, paid: true }]);
    // Paid: A's (A's first turn) then C's; unpaid: B (first turn), then A's earlier one (A's second).
    expect(waitingOrder(requests)).toEqual(['r002', 'r003', 'r001', 'r000']);
  });

  it('gives nobody a second turn in a round before everyone waiting has had one', () => {
    const person = fc.record({
      email: fc.constantFrom('', 'a@x.org', 'b@x.org', 'c@x.org'),
      deviceId: fc.constantFrom('', 'p1', 'p2', 'p3'),
    });
    fc.assert(
      fc.property(fc.array(person, { maxLength: 14 }), (asks) => {
        const requests = requestsOf(asks);
        const rounds = fairRounds(requests, []);
        const order = waitingOrder(requests).map((id) => rounds.get(id)!);
        // Rounds never go back down: round k is done before round k + 1 starts.
        expect(order).toEqual([...order].sort((a, b) => a - b));
        // Within a round, arrival order (ids are in arrival order).
        const ids = waitingOrder(requests);
        for (let i = 1; i < ids.length; i++) {
          if (order[i - 1] === order[i]) expect(ids[i - 1]! < ids[i]!).toBe(true);
        }
        // A person's k-th request (in arrival order) is in round k: one per person per round.
        for (const group of peopleByHand(requests)) {
          expect(group.map((r) => rounds.get(r.id))).toEqual(group.map((_, k) => k + 1));
        }
      }),
    );
  });
});
