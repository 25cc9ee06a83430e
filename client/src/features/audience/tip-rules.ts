import { TIP_PLATFORMS, type TipPlatform } from '#shared/audience-constants.ts';
import { TIP_MAX_AMOUNT } from '#shared/limits.ts';
import type { TipLinksResponse } from '#shared/schemas/audience.ts';
import type { PublicMusician } from '#shared/schemas/musician.ts';

type TipSettings = Pick<
  PublicMusician,
  | 'tips_enabled'
  | 'venmo_enabled'
  | 'venmo_username'
  | 'paypal_enabled'
  | 'paypal_username'
  | 'cash_app_enabled'
  | 'cash_app_username'
  | 'zelle_enabled'
  | 'zelle_email'
  | 'zelle_phone'
  | 'card_tips'
>;

const filled = (text: string) => text.trim() !== '';

/** An app is offered only when enabled and set up (spec section 5); Zelle needs email or phone. */
function isSetUp(musician: TipSettings, platform: TipPlatform): boolean {
  switch (platform) {
    case 'venmo':
      return musician.venmo_enabled && filled(musician.venmo_username);
    case 'paypal':
      return musician.paypal_enabled && filled(musician.paypal_username);
    case 'cashapp':
      return musician.cash_app_enabled && filled(musician.cash_app_username);
    case 'zelle':
      return (
        musician.zelle_enabled && (filled(musician.zelle_email) || filled(musician.zelle_phone))
      );
  }
}

/** The apps to offer, in the order the first one is preselected (venmo, paypal, cashapp, zelle). */
export function availablePlatforms(musician: TipSettings): TipPlatform[] {
  return TIP_PLATFORMS.filter((platform) => isSetUp(musician, platform));
}

/** The musician takes cards now (Stripe): the server's word, on the public profile. */
export function cardTipsOn(musician: Pick<PublicMusician, 'card_tips'>): boolean {
  return musician.card_tips;
}

/** A paid request's price, or null when paid requests are off (or cards are not taken). */
export function paidRequestPrice(
  musician: Pick<PublicMusician, 'card_tips' | 'paid_request_price'>,
): number | null {
  const price = musician.paid_request_price;
  return cardTipsOn(musician) && typeof price === 'number' && price > 0 ? price : null;
}

/** How a tip can be paid: a card first, where the musician takes cards, then the apps. */
export type TipChoice = 'card' | TipPlatform;

export function tipChoices(musician: TipSettings): TipChoice[] {
  const apps = availablePlatforms(musician);
  return cardTipsOn(musician) ? ['card', ...apps] : apps;
}

/** Tips are on for the page: the musician takes them, by card or with an app set up. */
export function tipsAvailable(musician: TipSettings): boolean {
  return musician.tips_enabled && tipChoices(musician).length > 0;
}

/** What is wrong with an amount: the key of its sentence in messages.ts (worded by the form). */
export type TipAmountError = 'tipAmountInvalid' | 'tipAmountTooHigh';

export type TipAmountCheck = { ok: true; amount: number } | { ok: false; error: TipAmountError };

/** The amount typed or tapped: above 0, at most $500, rounded to the cent (spec section 5). */
export function checkTipAmount(raw: string): TipAmountCheck {
  const text = raw.trim();
  const amount = Number(text);
  if (text === '' || !Number.isFinite(amount) || amount <= 0) {
    return { ok: false, error: 'tipAmountInvalid' };
  }
  if (amount > TIP_MAX_AMOUNT) return { ok: false, error: 'tipAmountTooHigh' };
  const cents = Math.round(amount * 100) / 100;
  if (cents <= 0) return { ok: false, error: 'tipAmountInvalid' };
  return { ok: true, amount: cents };
}

/** The payment link the server built for an app; Zelle has none (it shows instructions). */
export function tipLinkFor(platform: TipPlatform, links: TipLinksResponse): string | null {
  switch (platform) {
    case 'venmo':
      return links.venmo_link;
    case 'paypal':
      return links.paypal_link;
    case 'cashapp':
      return links.cash_app_link;
    case 'zelle':
      return null;
  }
}
