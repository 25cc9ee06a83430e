import { describe, expect, it } from 'vitest';
import type { SongRequest } from '#shared/schemas/request.ts';
import { songRequest } from '#client-test/request-factory.ts';
import { lastCallTime, queueLengthWords, queueTimeline, tonightsPlays } from './queue-timeline.ts';

/** 23:00 on this device's clock, whatever its zone: the last call may fall after midnight. */
const eleven = new Date(2026, 10, 28, 23, 0).getTime();
const MINUTE = 60_000;

let made = 0;
const waitingSong = (seconds: number | null, overrides: Partial<SongRequest> = {}) =>
  songRequest({ id: `w${++made}`, status: 'pending', duration_seconds: seconds, ...overrides });
const upNextSong = (seconds: number | null) => waitingSong(seconds, { status: 'up_next' });
/** A request played `minutesAgo` before eleven, of this length. */
const played = (minutesAgo: number, seconds: number | null) =>
  waitingSong(seconds, {
    status: 'played',
    played_at: new Date(eleven - minutesAgo * MINUTE).toISOString(),
  });

const timelineOf = (
  upNext: SongRequest[],
  waiting: SongRequest[],
  lastCallAt: string | null = null,
  history: SongRequest[] = [],
) =>
  queueTimeline({
    upNext,
    waiting,
    requests: [...upNext, ...waiting, ...history],
    lastCallAt,
    now: eleven,
  });

describe('the queue by the clock', () => {
  it('adds up Up Next and the waiting songs, 4 minutes for one of unknown length', () => {
    const timeline = timelineOf([upNextSong(180)], [waitingSong(300), waitingSong(null)]);
    expect(timeline.totalSeconds).toBe(180 + 300 + 240);
    expect(queueLengthWords(timeline)).toBe('Queue: 12 min · 3 songs');
    const long = timelineOf(
      [],
      Array.from({ length: 18 }, () => waitingSong(240)),
    );
    expect(queueLengthWords(long)).toBe('Queue: 1 h 12 min · 18 songs');
    expect(queueLengthWords(timelineOf([], [waitingSong(61)]))).toBe('Queue: 2 min · 1 song');
  });

  it("is paced by tonight's Played marks, as the phone's estimate is", () => {
    // Three gaps of 6 minutes after songs of 3: the night runs at twice the songs' lengths.
    const tonight = [played(18, 180), played(12, 180), played(6, 180), played(0, 180)];
    const timeline = timelineOf([], [waitingSong(300)], null, tonight);
    expect(timeline.totalSeconds).toBe(600);
    // Marks from another night (beyond 12 hours) and rejected requests do not count.
    const old = [played(60 * 13, 180), played(60 * 13 + 6, 180), played(60 * 13 + 12, 180)];
    const rejected = { ...played(3, 180), status: 'rejected' as const };
    expect(tonightsPlays([...old, rejected, played(0, 180)], eleven)).toHaveLength(1);
    expect(timelineOf([], [waitingSong(300)], null, [...old, rejected]).totalSeconds).toBe(300);
  });

  it('marks the songs that start after the last call, and where its line falls', () => {
    const now = upNextSong(600);
    const waiting = [waitingSong(600), waitingSong(600), waitingSong(600), waitingSong(600)];
    // The last call at 23:25: the waiting songs start at 23:10, 23:20, 23:30 and 23:40.
    const lastCall = new Date(eleven + 25 * MINUTE).toISOString();
    const timeline = timelineOf([now], waiting, lastCall);
    expect([...timeline.lateIds]).toEqual([waiting[2]!.id, waiting[3]!.id]);
    expect(timeline.firstLateWaitingId).toBe(waiting[2]!.id);
    // A song starting at the last call exactly still fits.
    const atTheCall = timelineOf([now], waiting, new Date(eleven + 30 * MINUTE).toISOString());
    expect([...atTheCall.lateIds]).toEqual([waiting[3]!.id]);
  });

  it('reads the last call as an instant: after midnight, and in any offset it was written in', () => {
    // Songs of 40 minutes start at 23:00, 23:40, 00:20 and 01:00.
    const waiting = [waitingSong(2400), waitingSong(2400), waitingSong(2400), waitingSong(2400)];
    // A last call at half past midnight on this device's clock, 90 minutes after 23:00.
    const halfPastMidnight = new Date(2026, 10, 29, 0, 30);
    expect(halfPastMidnight.getTime() - eleven).toBe(90 * MINUTE);
    const local = timelineOf([], waiting, halfPastMidnight.toISOString());
    expect([...local.lateIds]).toEqual([waiting[3]!.id]);
    // The same instant written with another zone's offset marks the same songs.
    const shifted = new Date(halfPastMidnight.getTime() + 5.5 * 3_600_000)
      .toISOString()
      .replace('Z', '+05:30');
    const elsewhere = timelineOf([], waiting, shifted);
    expect([...elsewhere.lateIds]).toEqual([...local.lateIds]);
    // (ICU puts a narrow no-break space before AM.)
    expect(lastCallTime(halfPastMidnight.toISOString()).replace(/\s/g, ' ')).toBe('12:30 AM');
  });

  it('marks nothing without a last call, or once it has passed', () => {
    const waiting = [waitingSong(600), waitingSong(600)];
    expect(timelineOf([], waiting).lateIds.size).toBe(0);
    const passed = new Date(eleven - MINUTE).toISOString();
    expect(timelineOf([], waiting, passed).lateIds.size).toBe(0);
    expect(timelineOf([], waiting, passed).firstLateWaitingId).toBeUndefined();
  });

  it('puts the line above the waiting songs when the last call falls within Up Next', () => {
    const upNext = [upNextSong(900), upNextSong(900)];
    const waiting = [waitingSong(240)];
    const timeline = timelineOf(upNext, waiting, new Date(eleven + 10 * MINUTE).toISOString());
    expect([...timeline.lateIds]).toEqual([upNext[1]!.id, waiting[0]!.id]);
    expect(timeline.firstLateWaitingId).toBe(waiting[0]!.id);
  });
});
