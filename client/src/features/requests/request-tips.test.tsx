import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { RequestTip } from '#shared/schemas/request.ts';
import { songRequest } from '#client-test/request-factory.ts';
import { RequestCard } from './RequestCard.tsx';

const card = (tips: RequestTip[] | undefined) =>
  renderToStaticMarkup(<RequestCard request={songRequest({ tip_amount: 5, tips })} />);

describe("a request card's payment-app tips", () => {
  it('shows a claim as what it is, with its Received button', () => {
    const html = card([
      { id: 't1', amount: 5, platform: 'venmo', tipper_name: 'Alex', received: false },
    ]);
    expect(html).toContain('Alex says they tipped $5 by Venmo');
    expect(html).toContain('>Received</button>');
  });

  it('shows a tip marked received without a button', () => {
    const html = card([
      { id: 't1', amount: 2.5, platform: 'cashapp', tipper_name: 'Sam', received: true },
    ]);
    expect(html).toContain('Sam tipped $2.50 by Cash App');
    expect(html).not.toContain('>Received</button>');
  });

  it('badges money received apart from what is only claimed', () => {
    const html = renderToStaticMarkup(
      <RequestCard request={songRequest({ tip_amount: 12.5, tip_received: 7.5, tips: [] })} />,
    );
    expect(html).toMatch(/Tip received: <\/span>\$7.50/);
    expect(html).toMatch(/\$5 claimed/);
    const all = renderToStaticMarkup(
      <RequestCard request={songRequest({ tip_amount: 5, tip_received: 5, tips: [] })} />,
    );
    expect(all).not.toContain('claimed');
  });

  it('shows a card tip as money arrived, with nothing to mark', () => {
    const cardTip = { id: 't2', amount: 5, platform: 'card', tipper_name: 'Kim', received: true };
    const html = card([cardTip as unknown as RequestTip]);
    expect(html).toContain('Kim tipped $5 by card');
    expect(html).not.toContain('says they');
    expect(html).not.toContain('>Received</button>');
  });

  it('flags a paid request strongly and a refunded one quietly', () => {
    const paid = renderToStaticMarkup(
      <RequestCard request={{ ...songRequest(), ...{ payment: 'paid' } }} />,
    );
    expect(paid).toContain('payment-flag-paid');
    expect(paid).toMatch(/<\/svg>Paid<\/span>/);
    expect(paid).toContain('request-card request-card-card request-paid');
    const refunded = renderToStaticMarkup(
      <RequestCard request={{ ...songRequest(), ...{ payment: 'refunded' } }} />,
    );
    expect(refunded).toContain('>Refunded</span>');
    expect(renderToStaticMarkup(<RequestCard request={songRequest()} />)).not.toContain(
      'payment-flag',
    );
  });

  it('shows nothing for a request without app tips', () => {
    expect(card([])).not.toContain('request-tips');
    expect(card(undefined)).not.toContain('request-tips');
  });
});
