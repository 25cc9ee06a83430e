import { describe, expect, it } from 'vitest';
import type { RequestStatus, SongRequest } from '#shared/schemas/request.ts';
import { songRequest } from '#client-test/request-factory.ts';
import {
  activeRequests,
  completedRequests,
  newestRequestsFirst,
  requestsOfShow,
  claimedOnly,
  tipLabel,
  upNextRequests,
} from './request-views.ts';

const at = (minute: number) => `2025-05-01T20:${String(minute).padStart(2, '0')}:00.000Z`;
const req = (id: string, status: RequestStatus, created: number, updated = created) =>
  songRequest({ id, status, created_at: at(created), updated_at: at(updated) });

const list = [
  req('p-late', 'pending', 9),
  req('p-early', 'pending', 1),
  req('a', 'accepted', 5),
  req('u-late', 'up_next', 8),
  req('u-early', 'up_next', 2),
  req('played-old', 'played', 0, 10),
  req('rejected-new', 'rejected', 3, 20),
];

const ids = (requests: SongRequest[]) => requests.map((request) => request.id);

describe('request views', () => {
  it('Up Next and Active are oldest first; Active holds pending and accepted', () => {
    expect(ids(upNextRequests(list))).toEqual(['u-early', 'u-late']);
    expect(ids(activeRequests(list))).toEqual(['p-early', 'a', 'p-late']);
  });

  it('Completed holds played and rejected, most recently updated first', () => {
    expect(ids(completedRequests(list))).toEqual(['rejected-new', 'played-old']);
  });

  it('the Requests tab lists newest first and filters by show', () => {
    expect(ids(newestRequestsFirst(list)).slice(0, 3)).toEqual(['p-late', 'u-late', 'a']);
    const inShow = [
      songRequest({ id: 'x', show_id: 'show-1' }),
      songRequest({ id: 'y', show_id: null }),
    ];
    expect(ids(requestsOfShow(inShow, 'show-1'))).toEqual(['x']);
  });

  it('shows a tip only when greater than 0', () => {
    expect(tipLabel(0)).toBeNull();
    expect(claimedOnly(12.5, 7.5)).toBe(5);
    expect(claimedOnly(0.3, 0.1)).toBe(0.2);
    expect(claimedOnly(5, 5)).toBe(0);
    expect(tipLabel(5)).toBe('$5');
    expect(tipLabel(2.5)).toBe('$2.50');
  });
});
