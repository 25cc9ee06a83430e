import { describe, expect, it } from 'vitest';
import {
  moneyEvents,
  moneySummary,
  netCents,
  type MoneyClaimRow,
  type MoneyPaymentRow,
  type MoneyRows,
  type MoneyTipRow,
} from '#server/money/money-events.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 5, 21, 20, minute));

const tip = (overrides: Partial<MoneyTipRow> = {}): MoneyTipRow => ({
  id: 'tip-1',
  amount: '5.00',
  platform: 'venmo',
  tipperName: 'Ann',
  message: '',
  createdAt: at(1),
  receivedAt: null,
  songTitle: 'Jolene',
  songArtist: 'Dolly Parton',
  ...overrides,
});

const claim = (overrides: Partial<MoneyClaimRow> = {}): MoneyClaimRow => ({
  songTitle: 'Jolene',
  songArtist: 'Dolly Parton',
  requesterName: 'Bo',
  tipAmount: '7.00',
  tipReceived: '0.00',
  tipsClaimed: null,
  createdAt: at(0),
  ...overrides,
});

const payment = (overrides: Partial<MoneyPaymentRow> = {}): MoneyPaymentRow => ({
  kind: 'tip',
  amount: '10.00',
  fee: '0.59',
  status: 'paid',
  tipperName: 'Cy',
  message: 'Great set',
  paidAt: at(2),
  createdAt: at(1),
  songTitle: null,
  songArtist: null,
  ...overrides,
});

const rows = (overrides: Partial<MoneyRows>): MoneyRows => ({
  tips: [],
  claims: [],
  payments: [],
  ...overrides,
});

describe('moneyEvents', () => {
  it('keeps each kind of money apart, oldest first', () => {
    const events = moneyEvents(
      rows({
        tips: [
          tip({ id: 'claimed', createdAt: at(3) }),
          tip({ id: 'received', amount: '4.00', receivedAt: at(9), createdAt: at(4) }),
          tip({ id: 'card-row', platform: 'card', amount: '10.00', receivedAt: at(2) }),
        ],
        // $5 claimed with the request and its +1s, then the $5 app tip still claimed, the $4
        // received and a $10 card tip on it: $24 on it in all, $14 received.
        claims: [claim({ tipAmount: '24.00', tipReceived: '14.00', tipsClaimed: '5.00' })],
        payments: [
          payment(),
          payment({ kind: 'request', amount: '3.00', fee: null, paidAt: at(5), tipperName: 'Di' }),
          payment({ status: 'refunded', amount: '6.00', fee: '0.47', paidAt: at(6) }),
          payment({ status: 'open', paidAt: null }),
          payment({ status: 'expired', paidAt: null }),
        ],
      }),
    );
    expect(events.map((e) => [e.kind, e.status, e.amountCents, e.feeCents, e.platform])).toEqual([
      ['app_tip_claimed', 'claimed', 500, null, ''],
      ['card_tip', 'paid', 1000, 59, 'card'],
      ['app_tip_claimed', 'claimed', 500, null, 'venmo'],
      ['app_tip_received', 'received', 400, null, 'venmo'],
      ['paid_request', 'paid', 300, null, 'card'],
      ['card_tip', 'refunded', 600, 47, 'card'],
    ]);
    expect(events[0]).toMatchObject({ song: 'Jolene — Dolly Parton', tipperName: 'Bo' });
    expect(events.map(netCents)).toEqual([0, 941, 0, 400, 300, -47]);
  });

  it('counts a card tip once, as its payment (its tips row mirrors it)', () => {
    const card = tip({ platform: 'card', amount: '10.00', receivedAt: at(2) });
    const events = moneyEvents(rows({ tips: [card], payments: [payment()] }));
    expect(events.map((e) => [e.kind, e.amountCents, e.feeCents])).toEqual([
      ['card_tip', 1000, 59],
    ]);
  });

  it('leaves out a request whose tips hold all it claims', () => {
    const claims = [claim({ tipAmount: '15', tipReceived: '10', tipsClaimed: 5 })];
    expect(moneyEvents(rows({ claims }))).toEqual([]);
  });
});

describe('moneySummary', () => {
  it('adds received, claimed, refunded and fees apart; net is received less fees', () => {
    const summary = moneySummary(
      moneyEvents(
        rows({
          tips: [
            tip({ id: 'a', amount: '4.00', receivedAt: at(9) }),
            tip({ id: 'b', amount: '500.00' }),
          ],
          claims: [claim({ tipAmount: '500.00' })],
          payments: [
            payment(),
            payment({ kind: 'request', amount: '3.00', fee: null }),
            payment({ status: 'refunded', amount: '6.00', fee: '0.47' }),
          ],
        }),
      ),
    );
    expect(summary).toEqual({
      received: 17,
      received_by_card: 13,
      received_by_app: 4,
      claimed: 1000,
      refunded: 6,
      fees: 1.06,
      net: 15.94,
      payments_without_fee: 1,
    });
  });

  it('moves no received figure for a claimed $500', () => {
    const before = moneySummary(moneyEvents(rows({ payments: [payment()] })));
    const after = moneySummary(
      moneyEvents(
        rows({
          payments: [payment()],
          tips: [tip({ amount: '500.00' })],
          claims: [claim({ tipAmount: '500.00' })],
        }),
      ),
    );
    expect(after).toEqual({ ...before, claimed: 1000 });
  });
});
