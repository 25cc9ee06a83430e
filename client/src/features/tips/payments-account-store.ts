import { errorMessage } from '#client/lib/api-client.ts';
import { useAuthStore } from '#client/lib/session/auth-store.ts';
import { createResettable } from '#client/lib/store-reset.ts';
import type { PaymentsAccount } from '#shared/schemas/payments.ts';
import { paymentsAccountApi } from './payments-account-api.ts';

interface PaymentsAccountState {
  account: PaymentsAccount | null;
  /** A call is out: the switch and buttons wait. */
  busy: boolean;
  error: string | null;
  load(): Promise<void>;
  /** Own-account mode: turns card tips on or off (PUT /api/profile). */
  setCardPayments(enabled: boolean): Promise<void>;
  /** Connect mode: on to Stripe's onboarding (this tab leaves). */
  connect(go?: (url: string) => void): Promise<void>;
}

/** The signed-in musician's card payments, as the server (and, in Connect mode, Stripe) says. */
export const usePaymentsAccountStore = createResettable<PaymentsAccountState>((set, get) => ({
  account: null,
  busy: false,
  error: null,

  async load() {
    try {
      set({ account: await paymentsAccountApi.account(), error: null });
    } catch (error) {
      set({ error: errorMessage(error, 'Could not load card payments. Try again.') });
    }
  },

  async setCardPayments(enabled) {
    if (get().busy) return;
    set({ busy: true, error: null });
    try {
      useAuthStore.getState().setMusician(await paymentsAccountApi.setCardPayments(enabled));
      await get().load();
    } catch (error) {
      set({ error: errorMessage(error, 'Could not change card payments. Try again.') });
    } finally {
      set({ busy: false });
    }
  },

  async connect(go = (url) => window.location.assign(url)) {
    if (get().busy) return;
    set({ busy: true, error: null });
    try {
      const { url } = await paymentsAccountApi.connect();
      go(url);
      // Leaving for Stripe: stays busy, so a second tap makes no second link.
    } catch (error) {
      set({ busy: false, error: errorMessage(error, 'Could not reach Stripe. Try again.') });
    }
  },
}));
