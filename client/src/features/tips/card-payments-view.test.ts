import { describe, expect, it } from 'vitest';
import { cardPaymentsView, stripeReturnOf } from './card-payments-view.ts';

const account = (mode: 'off' | 'own_account' | 'connect', enabled = false, connected = false) => ({
  mode,
  card_payments_enabled: enabled,
  account_connected: connected,
});

describe("the Profile tab's card payments", () => {
  it('are hidden on an install without Stripe keys', () => {
    expect(cardPaymentsView(account('off'), null)).toBe('hidden');
  });

  it('are a switch with the install’s own Stripe account', () => {
    expect(cardPaymentsView(account('own_account'), null)).toBe('switch');
    expect(cardPaymentsView(account('own_account', true), null)).toBe('switch');
  });

  it('start with onboarding on a hosted service, and say on once Stripe takes charges', () => {
    expect(cardPaymentsView(account('connect'), null)).toBe('connect');
    expect(cardPaymentsView(account('connect', true, true), 'return')).toBe('on');
    expect(cardPaymentsView(account('connect', true, true), null)).toBe('on');
  });

  it('ask to continue when Stripe still needs details', () => {
    expect(cardPaymentsView(account('connect', false, true), null)).toBe('incomplete');
    expect(cardPaymentsView(account('connect'), 'return')).toBe('incomplete');
    expect(cardPaymentsView(account('connect'), 'refresh')).toBe('incomplete');
  });

  it('read only the two ways back from Stripe', () => {
    expect(stripeReturnOf('return')).toBe('return');
    expect(stripeReturnOf('refresh')).toBe('refresh');
    expect(stripeReturnOf('other')).toBeNull();
    expect(stripeReturnOf(null)).toBeNull();
  });
});
