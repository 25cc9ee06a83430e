import { describe, expect, it } from 'vitest';
import { makeMusician } from '#client-test/musician-factory.ts';
import { clockTimeNear, extendedClose, stageCountdown, waitWords } from './request-window-times.ts';

/** 20:00 on this device's clock, whatever its zone. */
const eight = new Date(2026, 10, 25, 20, 0).getTime();

describe('the stage’s request window', () => {
  it('reads a typed clock time as the one within 12 hours of now', () => {
    expect(clockTimeNear('21:00', eight)).toEqual(new Date(2026, 10, 25, 21, 0));
    expect(clockTimeNear('01:30', eight)).toEqual(new Date(2026, 10, 26, 1, 30));
    expect(clockTimeNear('19:45', eight)).toEqual(new Date(2026, 10, 25, 19, 45));
    expect(clockTimeNear('9pm', eight)).toBeUndefined();
  });

  it('"+10 min" adds ten minutes to the close, or to now once it has passed', () => {
    const close = new Date(eight + 12 * 60_000).toISOString();
    expect(extendedClose(close, eight)).toBe(new Date(eight + 22 * 60_000).toISOString());
    const passed = new Date(eight - 5 * 60_000).toISOString();
    expect(extendedClose(passed, eight)).toBe(new Date(eight + 10 * 60_000).toISOString());
    expect(extendedClose(null, eight)).toBe(new Date(eight + 10 * 60_000).toISOString());
  });

  it('counts down to the open, then to the close', () => {
    const musician = makeMusician({
      requests_enabled: false,
      requests_open_at: new Date(eight + 20 * 60_000).toISOString(),
      requests_close_at: new Date(eight + 140 * 60_000).toISOString(),
    });
    expect(stageCountdown(musician, eight)).toBe('Opens in 20 minutes');
    const open = { ...musician, requests_enabled: true };
    expect(stageCountdown(open, eight + 128 * 60_000)).toBe('Closes in 12 minutes');
    expect(stageCountdown(open, eight + 150 * 60_000)).toBeNull();
    expect(waitWords(30_000)).toBe('1 minute');
    expect(waitWords(120 * 60_000)).toBe('2 hours');
  });
});
