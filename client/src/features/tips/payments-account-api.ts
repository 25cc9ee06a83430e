import { z } from 'zod';
import { api } from '#client/lib/api-client.ts';
import { Musician } from '#shared/schemas/musician.ts';
import type { PaymentsAccount } from './card-payments-contract.ts';

// PROVISIONAL (issue 45): the response schemas of brief-45-contract.md until shared/ has them.
const PaymentsAccountResponse: z.ZodType<PaymentsAccount> = z.object({
  mode: z.enum(['off', 'own_account', 'connect']),
  card_payments_enabled: z.boolean(),
  account_connected: z.boolean(),
});
const ConnectResponse = z.object({ url: z.string() });

/** The musician's card payments (Stripe): the account's state, the switch, onboarding. */
export const paymentsAccountApi = {
  /** In Connect mode the server asks Stripe, so this also notices onboarding finished. */
  account: () => api.get('/payments/account', PaymentsAccountResponse),
  /** Own-account mode only: the musician's switch (Connect mode follows Stripe). */
  setCardPayments: (enabled: boolean) =>
    api.put('/profile', Musician, { card_payments_enabled: enabled }),
  /** Connect mode: an Account Link to Stripe's onboarding, coming back to the Profile tab. */
  connect: () => api.post('/payments/connect', ConnectResponse, {}),
};
