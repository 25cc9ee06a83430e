import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QUEUE_ORDERS } from '#shared/schemas/queue-order.ts';
import {
  queueChanges,
  type QueueChange,
  type QueuedRequest,
} from '#server/features/requests/queue-positions.ts';

// The queue's positions, as a pure function of the rows read: the same rules the SQL function
// renumber_queue (migrations 0014 and 0017) kept, checked over any queue.

const NOW = new Date(Date.UTC(2026, 10, 28, 21, 0, 0));
const OPEN = new Set(['pending', 'accepted', 'up_next']);

const queued = fc
  .array(
    fc.record({
      status: fc.constantFrom('pending', 'accepted', 'up_next', 'played', 'rejected' as const),
      blocked: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
      queuePosition: fc.option(fc.integer({ min: 1, max: 8 }), { nil: null }),
      queueRank: fc.oneof(fc.integer({ min: 1, max: 8 }), fc.constant(NOW.getTime() / 1000)),
      votes: fc.integer({ min: 1, max: 4 }),
      tipAmount: fc.constantFrom(0, 1.5, 5, 20),
      paid: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
      // Few people, so that under 'fair' one person often has several requests; '' is unknown.
      email: fc.constantFrom('', 'a@example.com', 'A@example.com', 'b@example.com'),
      deviceId: fc.constantFrom('', 'phone-1', 'phone-2', 'phone-3'),
      // Ties of age are common: two requests of the same millisecond.
      ageMs: fc.integer({ min: 0, max: 5 }),
      updatedAgoMs: fc.integer({ min: -3, max: 1000 }),
    }),
    { maxLength: 12 },
  )
  .map((rows) =>
    rows.map((row, i): QueuedRequest => ({
      id: `00000000-0000-4000-8000-${String(i * 7919).padStart(12, '0')}`,
      status: row.status,
      blocked: row.blocked,
      queuePosition: row.queuePosition,
      queueRank: row.queueRank,
      votes: row.votes,
      tipReceived: row.tipAmount,
      paid: row.paid,
      requesterEmail: row.email,
      deviceId: row.deviceId,
      showId: null,
      createdAt: new Date(NOW.getTime() - 10_000 + row.ageMs),
      updatedAt: new Date(NOW.getTime() - row.updatedAgoMs),
    })),
  );

const applied = (rows: QueuedRequest[], changes: QueueChange[]): QueuedRequest[] =>
  rows.map((row) => {
    const change = changes.find((c) => c.id === row.id);
    return change ? { ...row, ...change } : row;
  });

const inQueue = (row: QueuedRequest) => !row.blocked && OPEN.has(row.status);

describe('queueChanges', () => {
  it('numbers each column 1..n, and takes the position of every request that left the queue', () => {
    fc.assert(
      fc.property(fc.constantFrom(...QUEUE_ORDERS), queued, (order, rows) => {
        const after = applied(rows, queueChanges(order, rows, NOW));
        for (const upNext of [true, false]) {
          const column = after.filter(inQueue).filter((r) => (r.status === 'up_next') === upNext);
          const positions = column.map((r) => r.queuePosition).sort((a, b) => a! - b!);
          expect(positions).toEqual(column.map((_, i) => i + 1));
        }
        for (const row of after.filter((r) => !inQueue(r))) expect(row.queuePosition).toBeNull();
      }),
    );
  });

  it('puts every paid waiting request before the unpaid ones, whatever the order', () => {
    fc.assert(
      fc.property(fc.constantFrom(...QUEUE_ORDERS), queued, (order, rows) => {
        const waiting = applied(rows, queueChanges(order, rows, NOW))
          .filter((r) => inQueue(r) && r.status !== 'up_next')
          .sort((a, b) => a.queuePosition! - b.queuePosition!);
        const firstUnpaid = waiting.findIndex((r) => !r.paid);
        if (firstUnpaid >= 0) expect(waiting.slice(firstUnpaid).some((r) => r.paid)).toBe(false);
      }),
    );
  });

  it('orders waiting requests by the musician’s order, oldest first on a tie', () => {
    fc.assert(
      fc.property(fc.constantFrom(...QUEUE_ORDERS), queued, (order, rows) => {
        const waiting = applied(rows, queueChanges(order, rows, NOW))
          .filter((r) => inQueue(r) && r.status !== 'up_next')
          .sort((a, b) => a.queuePosition! - b.queuePosition!);
        const key = (r: QueuedRequest) =>
          ({ arrival: 0, votes: -r.votes, tips: -r.tipReceived, manual: 0, fair: 0 })[order];
        for (let i = 1; i < waiting.length; i++) {
          const [a, b] = [waiting[i - 1]!, waiting[i]!];
          // 'fair' is by rounds, checked in fair-turns.test.ts.
          if (order === 'manual' || order === 'fair' || a.paid !== b.paid) continue;
          expect(key(a)).toBeLessThanOrEqual(key(b));
          if (key(a) === key(b)) expect(a.createdAt <= b.createdAt).toBe(true);
          // Ranks follow the positions but under 'manual' (the musician's own order).
          expect(a.queueRank).toBe(a.queuePosition);
        }
      }),
    );
  });

  it('changes nothing a second time, and only the rows it changes', () => {
    fc.assert(
      fc.property(fc.constantFrom(...QUEUE_ORDERS), queued, (order, rows) => {
        const changes = queueChanges(order, rows, NOW);
        for (const change of changes) {
          const before = rows.find((r) => r.id === change.id)!;
          const differs =
            before.queuePosition !== change.queuePosition || before.queueRank !== change.queueRank;
          expect(differs).toBe(true);
        }
        expect(queueChanges(order, applied(rows, changes), NOW)).toEqual([]);
      }),
    );
  });

  it('makes a moved request strictly newer than before, and leaves the others’ times', () => {
    fc.assert(
      fc.property(fc.constantFrom(...QUEUE_ORDERS), queued, (order, rows) => {
        for (const change of queueChanges(order, rows, NOW)) {
          const before = rows.find((r) => r.id === change.id)!;
          expect(change.moved).toBe(before.queuePosition !== change.queuePosition);
          if (change.moved) {
            expect(change.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
            expect(change.updatedAt.getTime()).toBeGreaterThanOrEqual(NOW.getTime());
          } else {
            expect(change.updatedAt).toBe(before.updatedAt);
          }
        }
      }),
    );
  });

  it('keeps Up Next in the order it was sent there, whatever the order of the waiting ones', () => {
    const at = (s: number) => new Date(NOW.getTime() - s * 1000);
    const row = (id: string, rank: number, created: number): QueuedRequest => ({
      id,
      status: 'up_next',
      paid: false,
      blocked: false,
      queuePosition: null,
      queueRank: rank,
      votes: 1,
      tipReceived: 0,
      requesterEmail: '',
      deviceId: '',
      showId: null,
      createdAt: at(created),
      updatedAt: at(created),
    });
    const changes = queueChanges('votes', [row('a', 3, 30), row('b', 1, 10), row('c', 2, 20)], NOW);
    expect(changes.map((c) => [c.id, c.queuePosition, c.queueRank])).toEqual([
      ['a', 3, 3],
      ['b', 1, 1],
      ['c', 2, 2],
    ]);
  });
});
