import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { DailyAnalyticsResponse } from '#shared/schemas/analytics.ts';
import type { PaidRequestCheckout } from '#shared/schemas/request.ts';
import type { ShowReport } from '#shared/schemas/show.ts';
import { stripeConfig } from '#server/features/payments/stripe-config.ts';
import {
  createSong,
  registerMusician,
  setRequestStatus,
  startShow,
  submitRequest,
  updateProfile,
} from '#server-test/helpers/factories.ts';
import { startStripeStub } from '#server-test/helpers/stripe-stub/stripe-stub.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

// The books as the payments feature files them: a card tip and a paid request paid through the
// local Stripe (its fee is 2.9% + 30 cents), the request rejected and refunded, beside a claim.

const UNDO_MS = 10_000;

async function startWithStripe() {
  const stub = await startStripeStub({ webhookUrl: 'http://127.0.0.1:1/unset' });
  // The payments' clock runs with the real one (the requests' own), `later` moving it ahead, so
  // the books order what happened as it happened.
  let ahead = 0;
  const stripe = stripeConfig(
    {
      STRIPE_SECRET_KEY: stub.secretKey,
      STRIPE_WEBHOOK_SECRET: stub.webhookSecret,
      STRIPE_API_URL: stub.url,
      STRIPE_CONNECT: '',
    },
    (message) => new Error(message),
  );
  const test = await startTestApp(
    { stripe, clock: () => new Date(Date.now() + ahead) },
    { listen: true },
  );
  stub.setWebhookUrl(`${test.url}/api/payments/webhook`);
  return { stub, app: test.app, later: (ms: number) => void (ahead += ms) };
}

const sessionIdOf = (checkoutUrl: string) => checkoutUrl.split('/').pop()!;

async function post(app: FastifyInstance, url: string, payload: object) {
  const res = await app.inject({ method: 'POST', url, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res;
}

describe('the books through Stripe', () => {
  it('counts what Stripe paid, with its fee, apart from claims and refunds', async () => {
    const { app, stub, later } = await startWithStripe();
    const musician = await registerMusician(app);
    await updateProfile(app, musician, { card_payments_enabled: true, paid_request_price: 3 });
    const song = await createSong(app, musician, { title: 'Jolene', artist: 'Dolly Parton' });
    const other = await createSong(app, musician, { title: 'Valerie', artist: 'Amy Winehouse' });
    const show = await startShow(app, musician);
    // The phone's word: $40 claimed with a request.
    const claimed = await submitRequest(app, song, { requester_name: 'Ann', tip_amount: 40 });

    const tip = await post(app, `/api/musicians/${musician.musician.slug}/card-tips`, {
      amount: 12.5,
      request_id: claimed.id,
      tipper_name: 'Sam',
      message: 'Great set',
    });
    expect(await stub.pay(sessionIdOf(tip.json<{ checkout_url: string }>().checkout_url))).toBe(
      200,
    );
    const paid = await post(app, '/api/requests', {
      song_id: other.id,
      requester_name: 'Robin',
      requester_email: 'robin@example.com',
      tip_amount: 0,
      paid: true,
    });
    const checkout = paid.json<PaidRequestCheckout>();
    expect(await stub.pay(sessionIdOf(checkout.checkout_url))).toBe(200);
    await setRequestStatus(app, musician, checkout.id, 'rejected');
    later(UNDO_MS + 1);
    expect(await app.services.payments.refundDue()).toBe(1);
    await stub.idle();

    const daily = await app.inject({ url: '/api/analytics/daily', headers: musician.auth });
    const body = daily.json<DailyAnalyticsResponse>();
    expect(body.money).toEqual({
      received: 12.5,
      received_by_card: 12.5,
      received_by_app: 0,
      claimed: 40,
      refunded: 3,
      // $0.66 on $12.50, $0.39 on $3 (Stripe keeps it on a refund).
      fees: 1.05,
      net: 11.45,
      payments_without_fee: 0,
    });
    expect(body.totals.total_tips).toBe(12.5);

    const report = await app.inject({
      url: `/api/shows/${show.id}/report`,
      headers: musician.auth,
    });
    expect(report.json<ShowReport>()).toMatchObject({ total_tips: 12.5, total_claimed: 40 });
    expect(report.json<ShowReport>().money).toEqual(body.money);

    const csv = await app.inject({ url: '/api/analytics/export-payments', headers: musician.auth });
    const rows = csv.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.split(',').slice(1, 8).join(','));
    expect(rows).toEqual([
      'app tip claimed,40.00,,0.00,claimed,,Jolene — Dolly Parton',
      'card tip,12.50,0.66,11.84,paid,card,Jolene — Dolly Parton',
      'paid request,3.00,0.39,-0.39,refunded,card,Valerie — Amy Winehouse',
    ]);
    expect(csv.body).not.toMatch(/@|cs_test|pi_test|sk_test|whsec/);
  });
});
