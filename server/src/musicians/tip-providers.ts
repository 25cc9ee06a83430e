import { TIP_PLATFORMS, type TipPlatform } from '#shared/audience-constants.ts';
import type { TipLinksResponse } from '#shared/schemas/audience.ts';
import type { MusicianRow } from '#server/musicians/musician-mapper.ts';

type PaymentSettings = Pick<
  MusicianRow,
  | 'tipsEnabled'
  | 'venmoEnabled'
  | 'venmoUsername'
  | 'paypalEnabled'
  | 'paypalUsername'
  | 'cashAppEnabled'
  | 'cashAppUsername'
  | 'zelleEnabled'
  | 'zelleEmail'
  | 'zellePhone'
>;

/** Spec section 5: an app is offered only when enabled and set up (Zelle: an email or a phone). */
export function isSetUp(musician: PaymentSettings, platform: TipPlatform): boolean {
  switch (platform) {
    case 'venmo':
      return musician.venmoEnabled && musician.venmoUsername !== '';
    case 'paypal':
      return musician.paypalEnabled && musician.paypalUsername !== '';
    case 'cashapp':
      return musician.cashAppEnabled && musician.cashAppUsername !== '';
    case 'zelle':
      return musician.zelleEnabled && (musician.zelleEmail !== '' || musician.zellePhone !== '');
  }
}

/** Tips are on and at least one app can take them. */
export function takesTips(musician: PaymentSettings): boolean {
  return musician.tipsEnabled && TIP_PLATFORMS.some((platform) => isSetUp(musician, platform));
}

/**
 * Each provider's payment link in its documented format, pre-filled with the amount (and, for
 * Venmo, the note): PayPal.Me `paypal.me/{username}/{amount}`, Venmo's web payment link
 * `venmo.com/?txn=pay&recipients=&amount=&note=`, Cash App `cash.app/${cashtag}/{amount}`.
 * Null for an app that is off or has no username. Zelle has no link: the page shows its details.
 */
export function tipLinks(
  musician: PaymentSettings,
  amount: number,
  message: string,
): TipLinksResponse {
  const dollars = amount.toFixed(2);
  const part = encodeURIComponent;
  return {
    paypal_link: isSetUp(musician, 'paypal')
      ? `https://paypal.me/${part(musician.paypalUsername)}/${dollars}`
      : null,
    venmo_link: isSetUp(musician, 'venmo')
      ? `https://venmo.com/?txn=pay&recipients=${part(musician.venmoUsername)}` +
        `&amount=${dollars}&note=${part(message)}`
      : null,
    cash_app_link: isSetUp(musician, 'cashapp')
      ? `https://cash.app/$${part(musician.cashAppUsername)}/${dollars}`
      : null,
  };
}
