import { describe, expect, it } from 'vitest';
import type { RequestStatus, SongRequest } from '#shared/schemas/request.ts';
import { songRequest } from '#client-test/request-factory.ts';
import { activeRequests, afterIdFor, upNextRequests } from './request-views.ts';

const at = (minute: number) => `2025-05-01T20:${String(minute).padStart(2, '0')}:00.000Z`;
const req = (id: string, status: RequestStatus, created: number, position?: number | null) =>
  songRequest({ id, status, created_at: at(created), queue_position: position });
const ids = (requests: SongRequest[]) => requests.map((request) => request.id);

describe('queue order on the screens', () => {
  it('shows each column by queue_position, not by age', () => {
    const list = [
      req('creep', 'up_next', 1, 2),
      req('yellow', 'up_next', 5, 1),
      req('old', 'pending', 0, 3),
      req('tipped', 'pending', 9, 1),
      req('voted', 'accepted', 4, 2),
    ];
    expect(ids(upNextRequests(list))).toEqual(['yellow', 'creep']);
    expect(ids(activeRequests(list))).toEqual(['tipped', 'voted', 'old']);
  });

  it('puts a request without a position after those with one, oldest first', () => {
    const list = [
      req('demo-late', 'pending', 8),
      req('placed', 'pending', 9, 1),
      req('demo', 'pending', 2),
    ];
    expect(ids(activeRequests(list))).toEqual(['placed', 'demo', 'demo-late']);
  });

  it('moves to the top with no after_id, to the bottom after the last other one', () => {
    const column = [
      req('a', 'pending', 1, 1),
      req('b', 'pending', 2, 2),
      req('c', 'pending', 3, 3),
    ];
    expect(afterIdFor(column, 'b', 'top')).toBeNull();
    expect(afterIdFor(column, 'a', 'bottom')).toBe('c');
    expect(afterIdFor(column, 'c', 'bottom')).toBe('b');
    expect(afterIdFor([column[0]!], 'a', 'bottom')).toBeNull();
  });
});
