import { api } from '#client/lib/api-client.ts';
import { Musician } from '#shared/schemas/musician.ts';
import { OnboardingLink, PaymentsAccount } from '#shared/schemas/payments.ts';

/** The musician's card payments (Stripe): the account's state, the switch, onboarding. */
export const paymentsAccountApi = {
  /** In Connect mode the server asks Stripe, so this also notices onboarding finished. */
  account: () => api.get('/payments/account', PaymentsAccount),
  /** Own-account mode only: the musician's switch (Connect mode follows Stripe). */
  setCardPayments: (enabled: boolean) =>
    api.put('/profile', Musician, { card_payments_enabled: enabled }),
  /** Connect mode: an Account Link to Stripe's onboarding, coming back to the Profile tab. */
  connect: () => api.post('/payments/connect', OnboardingLink, {}),
};
