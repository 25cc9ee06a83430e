import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#client/lib/api-fetch.ts';
import type { CheckoutState } from '#shared/schemas/payments.ts';
import { CHECKOUT_POLL_LIMIT_MS, checkoutPollDelay } from './checkout-return.ts';
import { useCheckoutReturnStore } from './checkout-return-store.ts';

const store = () => useCheckoutReturnStore.getState();
const tip = (status: CheckoutState['status']): CheckoutState => ({
  kind: 'tip',
  status,
  amount: 5,
});

/** Answers in turn from `answers` (the last one repeats); counts the questions. */
function server(...answers: (CheckoutState | Error)[]) {
  const ask = vi.fn(async (_id: string) => {
    const next = answers.length > 1 ? answers.shift() : answers[0];
    if (next instanceof Error) throw next;
    return next as CheckoutState;
  });
  return ask;
}

describe('coming back from Checkout', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    store().dismiss();
    vi.useRealTimers();
  });

  it('says it is confirming until the server has the payment, then that it was received', async () => {
    const ask = server(tip('open'), tip('open'), tip('paid'));
    store().follow('cs_1', ask);
    expect(store().phase).toBe('confirming');
    await vi.advanceTimersByTimeAsync(0);
    expect(store()).toMatchObject({ phase: 'confirming', kind: 'tip', amount: 5 });
    await vi.advanceTimersByTimeAsync(checkoutPollDelay(0));
    expect(store().phase).toBe('confirming');
    await vi.advanceTimersByTimeAsync(checkoutPollDelay(1));
    expect(store().phase).toBe('paid');
    expect(ask).toHaveBeenCalledTimes(3);
    expect(ask).toHaveBeenCalledWith('cs_1');
    // Settled: no more questions.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(ask).toHaveBeenCalledTimes(3);
  });

  it('says a session left unpaid was not completed', async () => {
    store().follow('cs_2', server(tip('expired')));
    await vi.advanceTimersByTimeAsync(0);
    expect(store().phase).toBe('expired');
  });

  it('keeps asking through a network failure', async () => {
    const ask = server(new ApiError(0, undefined), tip('paid'));
    store().follow('cs_3', ask);
    await vi.advanceTimersByTimeAsync(0);
    expect(store().phase).toBe('confirming');
    await vi.advanceTimersByTimeAsync(checkoutPollDelay(0));
    expect(store().phase).toBe('paid');
  });

  it('stops after about two minutes without an answer, saying so', async () => {
    const ask = server(tip('open'));
    store().follow('cs_4', ask);
    await vi.advanceTimersByTimeAsync(CHECKOUT_POLL_LIMIT_MS + 10_000);
    expect(store().phase).toBe('unconfirmed');
    const asked = ask.mock.calls.length;
    // A short backoff: more than a handful of questions, far fewer than one a second.
    expect(asked).toBeGreaterThan(15);
    expect(asked).toBeLessThan(60);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(ask).toHaveBeenCalledTimes(asked);
  });

  it('says nothing of a session the server does not know', async () => {
    store().follow('cs_bogus', server(new ApiError(404, 'Not found')));
    await vi.advanceTimersByTimeAsync(0);
    expect(store()).toMatchObject({ phase: null, sessionId: null });
  });

  it('stops asking once dismissed', async () => {
    const ask = server(tip('open'));
    store().follow('cs_5', ask);
    await vi.advanceTimersByTimeAsync(0);
    store().dismiss();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(ask).toHaveBeenCalledTimes(1);
    expect(store().phase).toBeNull();
  });

  it('backs off from one second to five', () => {
    expect(checkoutPollDelay(0)).toBe(1000);
    expect(checkoutPollDelay(1)).toBe(1500);
    expect(checkoutPollDelay(10)).toBe(5000);
  });
});
