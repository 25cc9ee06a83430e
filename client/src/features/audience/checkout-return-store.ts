import { createPageStore } from '#client/lib/store-reset.ts';
import { ApiError } from '#client/lib/api-fetch.ts';
import type { CheckoutState } from '#shared/schemas/payments.ts';
import { cardTipApi } from './card-tip-api.ts';
import {
  CHECKOUT_POLL_LIMIT_MS,
  checkoutPollDelay,
  settledPhase,
  type CheckoutPhase,
} from './checkout-return.ts';

interface CheckoutReturnState {
  sessionId: string | null;
  /** null: nothing to say (no checkout, or one the server does not know). */
  phase: CheckoutPhase | null;
  kind: CheckoutState['kind'] | null;
  amount: number | null;
  /** Follows the session the page came back with, asking with a short backoff. */
  follow(sessionId: string, ask?: (sessionId: string) => Promise<CheckoutState>): void;
  dismiss(): void;
}

const IDLE = { sessionId: null, phase: null, kind: null, amount: null } as const;

// Each follow() gets a number; an answer or timer of an earlier one is dropped.
let run = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

function stop() {
  run += 1;
  clearTimeout(timer);
}

export const useCheckoutReturnStore = createPageStore<CheckoutReturnState>((set) => ({
  ...IDLE,

  follow(sessionId, ask = cardTipApi.checkoutStatus) {
    stop();
    const mine = run;
    const startedAt = Date.now();
    set({ ...IDLE, sessionId, phase: 'confirming' });

    const poll = async (attempt: number) => {
      let answer: CheckoutState | null = null;
      try {
        answer = await ask(sessionId);
      } catch (error) {
        // An address not ours (or mistyped): nothing to confirm. Other failures: ask again.
        if (mine === run && error instanceof ApiError && error.status === 404) {
          return set({ ...IDLE });
        }
      }
      if (mine !== run) return;
      if (answer) {
        const phase = settledPhase(answer.status);
        set({ kind: answer.kind, amount: answer.amount });
        if (phase) return set({ phase });
      }
      const wait = checkoutPollDelay(attempt);
      if (Date.now() + wait - startedAt > CHECKOUT_POLL_LIMIT_MS) {
        return set({ phase: 'unconfirmed' });
      }
      timer = setTimeout(() => void poll(attempt + 1), wait);
    };
    void poll(0);
  },

  dismiss() {
    stop();
    set({ ...IDLE });
  },
}));
