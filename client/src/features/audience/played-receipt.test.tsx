import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { TrackedRequest } from './my-requests.ts';
import { PlayedReceipt } from './PlayedReceipt.tsx';

/** Today at 10:42 PM on this machine's clock: the receipt words it on the phone's clock. */
function todayAt(hours: number, minutes: number): string {
  const at = new Date();
  at.setHours(hours, minutes, 0, 0);
  return at.toISOString();
}

const played = (extra: Partial<TrackedRequest> = {}): TrackedRequest => ({
  token: 'token-1',
  id: 'request-1',
  song_title: 'Dreams',
  song_artist: 'Fleetwood Mac',
  status: 'played',
  payment: null,
  updated_at: todayAt(22, 42),
  ...extra,
});

const receipt = (item: TrackedRequest) =>
  renderToStaticMarkup(<PlayedReceipt item={item} slug="ana-lima" />);

describe("a played request's receipt", () => {
  it('says when, and for whom, on the phone’s clock', () => {
    const html = receipt(played({ played_at: todayAt(22, 42), played_for: 'Sarah' }));
    expect(html).toContain('Played at 10:42 PM for Sarah');
    expect(html).not.toContain('<a');
  });

  it('links the setlist once the show has ended', () => {
    const html = receipt(
      played({ played_at: todayAt(22, 42), played_for: 'Sarah', recap_show_id: 'show 1' }),
    );
    expect(html).toContain('href="/musician/ana-lima/shows/show%201"');
    expect(html).toContain('See tonight’s setlist');
  });

  it('says nothing before the receipt is read, nor for a request not played', () => {
    expect(receipt(played())).toBe('');
    expect(receipt(played({ status: 'pending', played_at: todayAt(22, 42) }))).toBe('');
  });
});
