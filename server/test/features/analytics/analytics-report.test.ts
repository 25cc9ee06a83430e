import { describe, expect, it } from 'vitest';
import {
  dailyOf,
  requestersOf,
  topSongsOf,
  totalsOf,
  type CountedRow,
} from '#server/features/analytics/analytics-report.ts';
import { addDays, earliestStartOf, localDayIn } from '#server/features/analytics/local-day.ts';

const row = (fields: Partial<CountedRow>): CountedRow => ({
  isRequest: true,
  songTitle: 'Creep',
  songArtist: 'Radiohead',
  requesterName: 'Sam',
  requesterEmail: 'sam@example.com',
  tipCents: 0,
  createdAt: new Date('2026-03-02T20:00:00Z'),
  day: '2026-03-02',
  ...fields,
});

describe('local days', () => {
  it('are the date on the clock of the time zone', () => {
    const dayOf = localDayIn('America/New_York');
    expect(dayOf(new Date('2026-01-01T03:30:00Z'))).toBe('2025-12-31');
    expect(dayOf(new Date('2026-01-01T05:00:00Z'))).toBe('2026-01-01');
    expect(localDayIn('Pacific/Kiritimati')(new Date('2026-01-01T10:00:00Z'))).toBe('2026-01-02');
  });

  it('turn at local midnight in a zone a quarter of an hour off the hour', () => {
    const dayOf = localDayIn('Asia/Kathmandu'); // UTC+05:45
    expect(dayOf(new Date('2026-01-01T18:14:59Z'))).toBe('2026-01-01');
    expect(dayOf(new Date('2026-01-01T18:15:00Z'))).toBe('2026-01-02');
    expect(dayOf(new Date('2026-01-01T18:00:00Z'))).toBe('2026-01-01');
  });

  it('add up across months and leap days', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-01-01', -365)).toBe('2025-01-01');
  });

  it('start no later than midnight in the easternmost zone', () => {
    const start = earliestStartOf('2026-01-02');
    const kiritimati = localDayIn('Pacific/Kiritimati');
    expect(kiritimati(start)).toBe('2026-01-02');
    expect(kiritimati(new Date(start.getTime() - 60_000))).toBe('2026-01-01');
  });
});

describe('the figures of a period', () => {
  const rows = [
    row({ tipCents: 550, day: '2026-03-01', createdAt: new Date('2026-03-01T20:00:00Z') }),
    row({ songTitle: 'CREEP', requesterName: 'Sammy', requesterEmail: 'SAM@example.com' }),
    row({ songTitle: 'Jolene', songArtist: 'Dolly Parton', requesterName: 'Jo' }),
    row({ requesterName: 'Jo', requesterEmail: 'jo@example.com', tipCents: 1 }),
    row({ isRequest: false, requesterEmail: null, tipCents: 700, day: '2026-03-03' }),
  ];

  it('totals count requests and people, and add every tip up', () => {
    expect(totalsOf(rows)).toEqual({
      total_requests: 4,
      unique_requesters: 2,
      requests_with_tips: 2,
      total_tips: 12.51,
    });
    expect(totalsOf([])).toEqual({
      total_requests: 0,
      unique_requesters: 0,
      requests_with_tips: 0,
      total_tips: 0,
    });
  });

  it('daily has every day to today, zero days included', () => {
    expect(dailyOf(rows, '2026-02-28', '2026-03-03')).toEqual([
      { date: '2026-02-28', requests: 0, requests_with_tips: 0, tips: 0 },
      { date: '2026-03-01', requests: 1, requests_with_tips: 1, tips: 5.5 },
      { date: '2026-03-02', requests: 3, requests_with_tips: 1, tips: 0.01 },
      { date: '2026-03-03', requests: 0, requests_with_tips: 0, tips: 7 },
    ]);
    expect(dailyOf(rows, null, '2026-03-03').map((day) => day.date)[0]).toBe('2026-03-01');
    expect(dailyOf([], null, '2026-03-03')).toEqual([]);
  });

  it('top songs group spellings, most asked first, named as last asked', () => {
    const later = new Date('2026-03-02T21:00:00Z');
    expect(topSongsOf([...rows, row({ songTitle: 'creep', createdAt: later })], 2)).toEqual([
      { song: 'creep', artist: 'Radiohead', count: 4 },
      { song: 'Jolene', artist: 'Dolly Parton', count: 1 },
    ]);
  });

  it('requesters are emails in any case, by requests, then tips, then email', () => {
    expect(requestersOf(rows, null)).toEqual([
      {
        requester_name: 'Sammy',
        email: 'sam@example.com',
        request_count: 3,
        total_tips: 5.5,
        first_request_at: '2026-03-01T20:00:00.000Z',
        last_request_at: '2026-03-02T20:00:00.000Z',
      },
      expect.objectContaining({ email: 'jo@example.com', request_count: 1, total_tips: 0.01 }),
    ]);
    expect(requestersOf(rows, 1)).toHaveLength(1);
  });
});
