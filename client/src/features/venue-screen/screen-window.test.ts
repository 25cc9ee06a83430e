import { describe, expect, it } from 'vitest';
import { screenWindowLine, shortWait } from './screen-window.ts';

const NOW = Date.parse('2026-11-26T21:00:00Z');
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();
const open = { requests_enabled: true, requests_open_at: null, requests_close_at: null };

describe('the venue screen says the request window', () => {
  it('counts down to the close', () => {
    expect(screenWindowLine({ ...open, requests_close_at: at(12) }, NOW)).toEqual({
      text: 'Requests close in 12 min',
      open: true,
    });
    expect(shortWait(65 * 60_000)).toBe('1 h 05 min');
    expect(shortWait(10_000)).toBe('1 min');
  });

  it('says when it opens, or that it is closed, and nothing while simply open', () => {
    const opens = { ...open, requests_enabled: false, requests_open_at: at(30) };
    expect(screenWindowLine(opens, NOW, () => '9:30 PM')?.text).toBe('Requests open at 9:30 PM');
    expect(screenWindowLine({ ...open, requests_enabled: false }, NOW)?.text).toBe(
      'Requests are closed',
    );
    expect(screenWindowLine(open, NOW)).toBeNull();
  });
});
