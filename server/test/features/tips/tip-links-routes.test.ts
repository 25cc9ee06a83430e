import { describe, expect, it } from 'vitest';
import { TIP_DEFAULT_MESSAGE } from '#shared/audience-constants.ts';
import { messages } from '#shared/messages.ts';
import type { ProfileUpdateBody } from '#shared/schemas/musician.ts';
import {
  paymentApps,
  registerMusician,
  updateProfile,
  type TestMusician,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

const { app } = await startTestApp();

async function musicianWith(profile: ProfileUpdateBody): Promise<TestMusician> {
  const musician = await registerMusician(app);
  await updateProfile(app, musician, profile);
  return musician;
}

const tipLinks = (musician: TestMusician, query: Record<string, string>) =>
  app.inject({
    url: `/api/musicians/${musician.musician.slug}/tip-links`,
    query,
  });

describe('GET /api/musicians/:slug/tip-links', () => {
  it("builds each provider's link in its documented format", async () => {
    const musician = await musicianWith(paymentApps());
    const res = await tipLinks(musician, { amount: '5', message: 'Great set!' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      paypal_link: 'https://paypal.me/BandPayPal/5.00',
      venmo_link: 'https://venmo.com/?txn=pay&recipients=band-venmo&amount=5.00&note=Great%20set!',
      cash_app_link: 'https://cash.app/$BandCash/5.00',
    });
  });

  it('parses the link as the provider will: recipient, amount and note survive the trip', async () => {
    const musician = await musicianWith(paymentApps());
    const message = `Happy birthday Sam & Jo #1 ?=/ 🎂 (with song request)`;
    const res = await tipLinks(musician, { amount: '12.5', message });
    const venmo = new URL(res.json().venmo_link);
    expect(venmo.origin).toBe('https://venmo.com');
    expect(Object.fromEntries(venmo.searchParams)).toEqual({
      txn: 'pay',
      recipients: 'band-venmo',
      amount: '12.50',
      note: message,
    });
    expect(new URL(res.json().paypal_link).pathname).toBe('/BandPayPal/12.50');
    expect(new URL(res.json().cash_app_link).pathname).toBe('/$BandCash/12.50');
  });

  it("uses the default message 'Thanks for the music!' when none is given", async () => {
    const musician = await musicianWith(paymentApps());
    const queries: Record<string, string>[] = [{ amount: '1' }, { amount: '1', message: '   ' }];
    for (const query of queries) {
      const venmo = new URL((await tipLinks(musician, query)).json().venmo_link);
      expect(venmo.searchParams.get('note')).toBe(TIP_DEFAULT_MESSAGE);
    }
  });

  it('rounds the amount to cents', async () => {
    const musician = await musicianWith(paymentApps());
    const res = await tipLinks(musician, { amount: '7.005' });
    expect(res.json().paypal_link).toMatch(/\/7\.01$/);
    const max = await tipLinks(musician, { amount: '500' });
    expect(max.json().cash_app_link).toBe('https://cash.app/$BandCash/500.00');
  });

  it('encodes usernames that are not plain words', async () => {
    const musician = await musicianWith(paymentApps({ paypal_username: 'The Band/Live' }));
    const res = await tipLinks(musician, { amount: '3' });
    expect(res.json().paypal_link).toBe('https://paypal.me/The%20Band%2FLive/3.00');
  });

  it.each([
    ['venmo disabled', { venmo_enabled: false }, 'venmo_link'],
    ['no venmo username', { venmo_username: '' }, 'venmo_link'],
    ['paypal disabled', { paypal_enabled: false }, 'paypal_link'],
    ['no paypal username', { paypal_username: '' }, 'paypal_link'],
    ['cash app disabled', { cash_app_enabled: false }, 'cash_app_link'],
    ['no cashtag', { cash_app_username: '' }, 'cash_app_link'],
  ])('answers null for a provider that is not set up (%s)', async (_name, change, field) => {
    const musician = await musicianWith(paymentApps(change));
    const res = await tipLinks(musician, { amount: '5' });
    expect(res.statusCode).toBe(200);
    const links = res.json();
    expect(links[field]).toBeNull();
    const others = Object.entries(links).filter(([key]) => key !== field);
    for (const [, link] of others) expect(link).toEqual(expect.stringMatching(/^https:\/\//));
  });

  it('answers every link null (not an error) when only Zelle is set up', async () => {
    const musician = await musicianWith(
      paymentApps({ venmo_username: '', paypal_username: '', cash_app_username: '' }),
    );
    const res = await tipLinks(musician, { amount: '5' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ paypal_link: null, venmo_link: null, cash_app_link: null });
  });

  it.each([
    ['tips are off', paymentApps({ tips_enabled: false })],
    ['no app has a username', { tips_enabled: true }],
    [
      'every app is disabled',
      paymentApps({
        venmo_enabled: false,
        paypal_enabled: false,
        cash_app_enabled: false,
        zelle_enabled: false,
      }),
    ],
  ])('answers 400 with the no-payment-methods message when %s', async (_name, profile) => {
    const musician = await musicianWith(profile);
    const res = await tipLinks(musician, { amount: '5' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: messages.tipNoPaymentMethods });
  });

  it.each([
    ['0', messages.tipAmountInvalid],
    ['-1', messages.tipAmountInvalid],
    ['0.001', messages.tipAmountInvalid],
    ['500.01', messages.tipAmountTooHigh],
    ['1e309', messages.tipAmountInvalid],
    ['abc', messages.tipAmountInvalid],
    ['NaN', messages.tipAmountInvalid],
    ['Infinity', messages.tipAmountInvalid],
    ['-Infinity', messages.tipAmountInvalid],
    // Dollars written out, not what JavaScript reads as a number ($16, $100, $1).
    ['0x10', messages.tipAmountInvalid],
    ['1e2', messages.tipAmountInvalid],
    ['0b1', messages.tipAmountInvalid],
    ['', messages.tipAmountInvalid],
    // Refused before validation, as everywhere: the NUL guard's sentence.
    ['5\u0000', messages.textHasNulCharacter],
    ['💵', messages.tipAmountInvalid],
    ['9'.repeat(1_000), messages.tipAmountInvalid],
  ])('refuses the amount %j with its message', async (amount, detail) => {
    const musician = await musicianWith(paymentApps());
    const res = await tipLinks(musician, { amount });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail });
  });

  it('refuses a missing amount', async () => {
    const musician = await musicianWith(paymentApps());
    const res = await tipLinks(musician, {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: messages.tipAmountInvalid });
  });

  it('refuses hostile messages with a 4xx and a detail, and takes emoji', async () => {
    const musician = await musicianWith(paymentApps());
    const nul = await tipLinks(musician, { amount: '5', message: 'hi\u0000there' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ detail: messages.textHasNulCharacter });

    const long = await tipLinks(musician, { amount: '5', message: 'x'.repeat(3_000) });
    expect(long.statusCode).toBe(400);
    expect(long.json().detail).toEqual(expect.any(String));

    const emoji = await tipLinks(musician, { amount: '5', message: '🎸🔥👏' });
    expect(emoji.statusCode).toBe(200);
    expect(new URL(emoji.json().venmo_link).searchParams.get('note')).toBe('🎸🔥👏');
  });
});
