import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMusician } from '#client-test/musician-factory.ts';
import { useAuthStore } from '#client/lib/session/auth-store.ts';
import { resetAllStores } from '#client/lib/store-reset.ts';
import { usePaymentsAccountStore } from './payments-account-store.ts';

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** A server answering by "METHOD path"; keeps each call. */
function serve(answers: Record<string, () => { status: number; body: unknown }>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers[`${method} ${url}`]?.() ?? {
      status: 404,
      body: { detail: 'Not found' },
    };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  return calls;
}

const store = () => usePaymentsAccountStore.getState();
const ok = (body: unknown) => () => ({ status: 200, body });

describe("the musician's card payments", () => {
  beforeEach(() => {
    resetAllStores();
    vi.stubGlobal('localStorage', { setItem: vi.fn(), getItem: () => null, removeItem: vi.fn() });
    useAuthStore.setState({ token: 'token-1', musician: makeMusician() });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('own account: the switch saves the profile and reads the account again', async () => {
    let enabled = false;
    const calls = serve({
      'GET /api/payments/account': () =>
        ok({ mode: 'own_account', card_payments_enabled: enabled, account_connected: true })(),
      'PUT /api/profile': () => {
        enabled = true;
        const saved = makeMusician({
          card_payments_enabled: true,
          updated_at: '2030-01-01T00:00:00Z',
        });
        return ok(saved)();
      },
    });
    await store().load();
    expect(store().account?.card_payments_enabled).toBe(false);
    await store().setCardPayments(true);
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      card_payments_enabled: true,
    });
    expect(store()).toMatchObject({ busy: false, error: null });
    expect(store().account?.card_payments_enabled).toBe(true);
    expect(useAuthStore.getState().musician?.card_payments_enabled).toBe(true);
  });

  it('Connect: goes to Stripe’s onboarding once, however many taps', async () => {
    const calls = serve({
      'POST /api/payments/connect': ok({ url: 'https://connect.example/onboarding/acct_1' }),
    });
    const go = vi.fn();
    await Promise.all([store().connect(go), store().connect(go)]);
    expect(go).toHaveBeenCalledExactlyOnceWith('https://connect.example/onboarding/acct_1');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    // Leaving for Stripe: still busy, so nothing else starts.
    expect(store().busy).toBe(true);
  });

  it("says the server's sentence when onboarding cannot start", async () => {
    serve({
      'POST /api/payments/connect': () => ({
        status: 503,
        body: { detail: 'Card payments are unavailable right now. Please try again in a minute.' },
      }),
    });
    await store().connect(vi.fn());
    expect(store()).toMatchObject({
      busy: false,
      error: 'Card payments are unavailable right now. Please try again in a minute.',
    });
  });
});
