import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EMPTY_MONEY } from '#shared/schemas/analytics.ts';
import { MoneyTotals } from './MoneyTotals.tsx';

const text = (html: string) => html.replace(/<[^>]+>/g, '|').replace(/\|+/g, '|');

describe('the Analytics tab’s money', () => {
  it('shows money received apart from what is only claimed', () => {
    const html = text(
      renderToStaticMarkup(
        <MoneyTotals
          money={{ ...EMPTY_MONEY, received: 4, received_by_app: 4, claimed: 500, net: 4 }}
        />,
      ),
    );
    expect(html).toContain('|Received|$4.00|');
    expect(html).toContain('|Claimed only|$500.00|');
    // No card money: no refunds, fees or net to show.
    expect(html).not.toContain('Refunded');
    expect(html).not.toContain('Stripe fees');
  });

  it('shows refunds, Stripe fees and net when there are card payments', () => {
    const html = text(
      renderToStaticMarkup(
        <MoneyTotals
          money={{
            ...EMPTY_MONEY,
            received: 13,
            received_by_card: 13,
            refunded: 6,
            fees: 1.06,
            net: 11.94,
            payments_without_fee: 1,
          }}
        />,
      ),
    );
    expect(html).toContain('|Refunded|$6.00|');
    expect(html).toContain('|Stripe fees|$1.06|Not yet known for 1 payment|');
    expect(html).toContain('|Net|$11.94|');
  });
});
