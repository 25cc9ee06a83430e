import { describe, expect, it } from 'vitest';
import { makeMusician } from '#client-test/musician-factory.ts';
import { applyLocale } from './i18n/audience-i18n.ts';
import { tipMessage } from './tip-payment.ts';
import {
  availablePlatforms,
  checkTipAmount,
  paidRequestPrice,
  tipChoices,
  tipLinkFor,
  tipsAvailable,
} from './tip-rules.ts';

const everyApp = makeMusician({
  tips_enabled: true,
  venmo_enabled: true,
  venmo_username: 'v',
  paypal_enabled: true,
  paypal_username: 'p',
  cash_app_enabled: true,
  cash_app_username: 'c',
  zelle_enabled: true,
  zelle_email: 'z@example.com',
});

describe('the tip amount', () => {
  it('must be a number above 0', () => {
    for (const raw of ['', '  ', 'abc', '0', '-5', '0.001', 'Infinity']) {
      expect(checkTipAmount(raw)).toEqual({ ok: false, error: 'tipAmountInvalid' });
    }
  });

  it('must be at most $500', () => {
    expect(checkTipAmount('500.01')).toEqual({ ok: false, error: 'tipAmountTooHigh' });
    expect(checkTipAmount('500')).toEqual({ ok: true, amount: 500 });
  });

  it('is rounded to the cent', () => {
    expect(checkTipAmount(' 2.499 ')).toEqual({ ok: true, amount: 2.5 });
    expect(checkTipAmount('0.01')).toEqual({ ok: true, amount: 0.01 });
  });
});

describe('the payment apps offered', () => {
  it('are the ones enabled and set up, in the order venmo, paypal, cashapp, zelle', () => {
    expect(availablePlatforms(everyApp)).toEqual(['venmo', 'paypal', 'cashapp', 'zelle']);
    expect(availablePlatforms({ ...everyApp, venmo_enabled: false })[0]).toBe('paypal');
    expect(availablePlatforms({ ...everyApp, venmo_username: '  ' })[0]).toBe('paypal');
  });

  it('Zelle needs an email or a phone', () => {
    const zelleOnly = makeMusician({ tips_enabled: true, zelle_enabled: true });
    expect(availablePlatforms(zelleOnly)).toEqual([]);
    expect(availablePlatforms({ ...zelleOnly, zelle_phone: '555' })).toEqual(['zelle']);
  });

  it('tips are on only when the musician takes them and an app is set up', () => {
    expect(tipsAvailable(everyApp)).toBe(true);
    expect(tipsAvailable({ ...everyApp, tips_enabled: false })).toBe(false);
    expect(tipsAvailable(makeMusician({ tips_enabled: true }))).toBe(false);
  });

  it('each app takes its own link; Zelle has none', () => {
    const links = { venmo_link: 'v', paypal_link: 'p', cash_app_link: 'c' };
    expect(tipLinkFor('venmo', links)).toBe('v');
    expect(tipLinkFor('paypal', links)).toBe('p');
    expect(tipLinkFor('cashapp', links)).toBe('c');
    expect(tipLinkFor('zelle', links)).toBeNull();
    expect(tipLinkFor('paypal', { ...links, paypal_link: null })).toBeNull();
  });
});

describe('cards (Stripe)', () => {
  it('come first where the musician takes them, preselected, then the apps', () => {
    expect(tipChoices({ ...everyApp, card_tips: true })).toEqual([
      'card',
      'venmo',
      'paypal',
      'cashapp',
      'zelle',
    ]);
    expect(tipChoices({ ...everyApp, card_tips: false })[0]).toBe('venmo');
  });

  it('turn tips on without any app set up, unless the musician turned tips off', () => {
    const cardsOnly = makeMusician({ tips_enabled: true });
    expect(tipsAvailable({ ...cardsOnly, card_tips: true })).toBe(true);
    expect(tipsAvailable({ ...cardsOnly, tips_enabled: false, card_tips: true })).toBe(false);
  });

  it('price a paid request only while cards are taken', () => {
    expect(paidRequestPrice({ card_tips: true, paid_request_price: 5 })).toBe(5);
    expect(paidRequestPrice({ card_tips: true, paid_request_price: null })).toBeNull();
    expect(paidRequestPrice({ card_tips: false, paid_request_price: 5 })).toBeNull();
  });
});

describe('the tip message', () => {
  it('is the person’s own, or the default, marked after a request', () => {
    expect(tipMessage('  Great set! ', true)).toBe('Great set!');
    expect(tipMessage('', false)).toBe('Thanks for the music!');
    expect(tipMessage(' ', true)).toBe('Thanks for the music! (with song request)');
  });

  it('is the default of the page’s language, as the form shows it', async () => {
    await applyLocale('de');
    expect(tipMessage('', true)).toBe('Danke für die Musik! (mit Songwunsch)');
    expect(tipMessage(' Zugabe! ', true)).toBe('Zugabe!');
    await applyLocale('en');
    expect(tipMessage('', false)).toBe('Thanks for the music!');
  });
});
