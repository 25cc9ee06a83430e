import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EMPTY_MONEY } from '#shared/schemas/analytics.ts';
import type { ShowReport } from '#shared/schemas/show.ts';
import { ShowReportSheet } from './ShowReportSheet.tsx';

const report = (overrides: Partial<ShowReport> = {}): ShowReport => ({
  show: {
    id: 's1',
    name: 'Friday',
    date: '2025-06-21T20:00:00.000Z',
    status: 'stopped',
    venue_name: 'The Blue Note',
    venue_address: '',
    performed_on: '2025-06-21',
    updated_at: '2025-06-21T23:00:00.000Z',
    request_count: 2,
    played_count: 1,
  },
  performer: 'The Lanterns',
  songs: [
    {
      song_title: 'Jolene',
      song_artist: 'Dolly Parton',
      songwriter: '',
      played_at: '2025-06-21T20:05:00.000Z',
      request_count: 2,
      tips: 3,
      tips_claimed: 500,
    },
  ],
  total_requests: 2,
  total_tips: 3,
  total_claimed: 500,
  money: { ...EMPTY_MONEY, received: 3, received_by_app: 3, claimed: 500, net: 3 },
  ...overrides,
});

const text = (html: string) => html.replace(/<[^>]+>/g, '|').replace(/\|+/g, '|');

describe('the show report sheet', () => {
  it('shows tips received and claimed apart, per song and in total', () => {
    const html = text(renderToStaticMarkup(<ShowReportSheet report={report()} />));
    expect(html).toContain('|Tips received|Claimed only|');
    expect(html).toContain('|2|$3.00|$500.00|');
    expect(html).toContain('|Received|$3.00|Claimed only|$500.00|');
    expect(html).not.toContain('Stripe fees');
  });

  it('shows card money, refunds and fees when there are any', () => {
    const money = {
      ...EMPTY_MONEY,
      received: 7,
      received_by_card: 4,
      received_by_app: 3,
      refunded: 4,
      fees: 0.84,
      net: 6.16,
    };
    const html = text(renderToStaticMarkup(<ShowReportSheet report={report({ money })} />));
    expect(html).toContain('|Received|$7.00 ($4.00 by card)|');
    expect(html).toContain('|Refunded|$4.00|Stripe fees|$0.84|Net|$6.16|');
  });
});
