import { describe, expect, it, vi } from 'vitest';
import type { PublicMusician } from '#shared/schemas/musician.ts';
import type { CheckoutState, PaymentsAccount } from '#shared/schemas/payments.ts';
import type { PaidRequestCheckout, SongRequest } from '#shared/schemas/request.ts';
import type { RequestStatusView } from '#shared/schemas/audience.ts';
import { stripeClient } from '#server/features/payments/stripe-client.ts';
import { stripeConfig } from '#server/features/payments/stripe-config.ts';
import {
  createSong,
  registerMusician,
  setRequestStatus,
  startShow,
  submitRequest,
  updateProfile,
  type TestMusician,
} from '#server-test/helpers/factories.ts';
import { startStripeStub } from '#server-test/helpers/stripe-stub/stripe-stub.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';
import type { FastifyInstance } from 'fastify';

// The money path against a local server answering as Stripe does: the webhook alone makes a
// payment count; a paid request not played is refunded.

const UNDO_MS = 10_000;

async function startWithStripe(connect: boolean) {
  const stub = await startStripeStub({ webhookUrl: 'http://127.0.0.1:1/unset' });
  let now = Date.now();
  const stripe = stripeConfig(
    {
      STRIPE_SECRET_KEY: stub.secretKey,
      STRIPE_WEBHOOK_SECRET: stub.webhookSecret,
      STRIPE_API_URL: stub.url,
      STRIPE_CONNECT: connect ? 'true' : '',
    },
    (message) => new Error(message),
  );
  const test = await startTestApp({ stripe, clock: () => new Date(now) }, { listen: true });
  stub.setWebhookUrl(`${test.url}/api/payments/webhook`);
  // The musician's side of Stripe (its dashboard), through the same SDK.
  const dashboard = await stripeClient(stripe!);
  return { stub, test, app: test.app, dashboard, later: (ms: number) => void (now += ms) };
}

const sessionIdOf = (checkoutUrl: string) => checkoutUrl.split('/').pop()!;

async function requestsOf(app: FastifyInstance, musician: TestMusician): Promise<SongRequest[]> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/requests/musician/${musician.musician.id}`,
    headers: musician.auth,
  });
  return res.json<{ requests: SongRequest[] }>().requests;
}

async function checkoutState(app: FastifyInstance, sessionId: string) {
  const res = await app.inject({ method: 'GET', url: `/api/payments/checkout/${sessionId}` });
  return res.json<CheckoutState>();
}

async function statusOf(app: FastifyInstance, token: string) {
  const res = await app.inject({ method: 'GET', url: `/api/request-status/${token}` });
  return res.json<RequestStatusView>();
}

async function cardTip(
  app: FastifyInstance,
  slug: string,
  payload: Record<string, unknown>,
): Promise<{ statusCode: number; checkoutUrl: string; body: string }> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/musicians/${slug}/card-tips`,
    payload: { tipper_name: 'Sam', message: 'Great set', ...payload },
  });
  const body = res.statusCode === 201 ? res.json<{ checkout_url: string }>() : undefined;
  return { statusCode: res.statusCode, checkoutUrl: body?.checkout_url ?? '', body: res.body };
}

async function paidRequest(app: FastifyInstance, songId: string, idempotencyKey?: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/requests',
    headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
    payload: {
      song_id: songId,
      requester_name: 'Robin',
      requester_email: 'robin@example.com',
      dedication: 'Skip me ahead',
      tip_amount: 500,
      paid: true,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PaidRequestCheckout>();
}

/** A musician taking cards (own account: their switch) and $3 paid requests. */
async function cardMusician(app: FastifyInstance) {
  const musician = await registerMusician(app);
  await updateProfile(app, musician, { card_payments_enabled: true, paid_request_price: 3 });
  const song = await createSong(app, musician);
  return { musician, song, slug: musician.musician.slug };
}

describe('card payments on a hosted service (Stripe Connect)', () => {
  it('onboards a musician, who takes cards once Stripe says the account can be charged', async () => {
    const { app, stub } = await startWithStripe(true);
    const musician = await registerMusician(app);
    const publicView = async () =>
      (
        await app.inject({ method: 'GET', url: `/api/musicians/${musician.musician.slug}` })
      ).json<PublicMusician>();
    expect((await publicView()).card_tips).toBe(false);

    // The switch is Stripe's here, not the musician's.
    const flipped = await app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: musician.auth,
      payload: { card_payments_enabled: true },
    });
    expect(flipped.statusCode).toBe(400);

    const link = await app.inject({
      method: 'POST',
      url: '/api/payments/connect',
      headers: musician.auth,
    });
    expect(link.statusCode).toBe(200);
    const accountId = [...stub.accounts.keys()][0]!;
    expect(link.json<{ url: string }>().url).toContain(`/onboarding/${accountId}`);
    expect(await stub.finishOnboarding(accountId)).toBe(200);

    const account = await app.inject({
      method: 'GET',
      url: '/api/payments/account',
      headers: musician.auth,
    });
    expect(account.json<PaymentsAccount>()).toEqual({
      mode: 'connect',
      card_payments_enabled: true,
      account_connected: true,
    });
    expect((await publicView()).card_tips).toBe(true);

    // The money goes to the musician's account.
    await updateProfile(app, musician, { tips_enabled: true });
    const tip = await cardTip(app, musician.musician.slug, { amount: 5 });
    expect(tip.statusCode, tip.body).toBe(201);
    const created = stub.requests.find((r) => r.path === '/v1/checkout/sessions')!;
    expect(created.body.payment_intent_data.transfer_data.destination).toBe(accountId);
  });
});

describe('card payments with the server’s own Stripe account', () => {
  it('counts a card tip only once Stripe’s signed webhook says it was paid, once', async () => {
    const { app, stub } = await startWithStripe(false);
    const { musician, song, slug } = await cardMusician(app);
    const request = await submitRequest(app, song);

    const tip = await cardTip(app, slug, { amount: 12.5, request_id: request.id });
    expect(tip.statusCode, tip.body).toBe(201);
    const sessionId = sessionIdOf(tip.checkoutUrl);
    expect(await checkoutState(app, sessionId)).toEqual({
      kind: 'tip',
      status: 'open',
      amount: 12.5,
    });
    // Opened, not paid: nothing moved.
    expect((await requestsOf(app, musician))[0]!.tip_received).toBe(0);

    expect(await stub.pay(sessionId)).toBe(200);
    expect(await checkoutState(app, sessionId)).toMatchObject({ status: 'paid' });
    const [tipped] = await requestsOf(app, musician);
    expect(tipped!.tip_received).toBe(12.5);
    expect(tipped!.tips).toEqual([
      expect.objectContaining({
        amount: 12.5,
        platform: 'card',
        tipper_name: 'Sam',
        received: true,
      }),
    ]);

    // The same event again (Stripe retries; an attacker replays): counted once.
    const completed = stub.events.find((e) => e.type === 'checkout.session.completed')!;
    expect(await stub.replay(completed.id)).toBe(200);
    expect((await requestsOf(app, musician))[0]!.tip_received).toBe(12.5);

    // Stripe's fee is kept for the books.
    const row = await app.database.kysely
      .selectFrom('payments')
      .select(['fee', 'status'])
      .executeTakeFirstOrThrow();
    expect(Number(row.fee)).toBe(Math.round(1250 * 0.029 + 30) / 100);
  });

  it('refuses a forged webhook, and a tip naming another musician’s request', async () => {
    const { app, stub, test } = await startWithStripe(false);
    const { musician, song, slug } = await cardMusician(app);
    const other = await cardMusician(app);
    const request = await submitRequest(app, song);
    const tip = await cardTip(app, slug, { amount: 5, request_id: request.id });
    const session = stub.sessions.get(sessionIdOf(tip.checkoutUrl))!;

    const forged = await stub.send(
      'checkout.session.completed',
      { ...session, status: 'complete', payment_status: 'paid', payment_intent: 'pi_forged' },
      { forge: true },
    );
    expect(forged).toBe(400);
    expect((await requestsOf(app, musician))[0]!.tip_received).toBe(0);

    const crossed = await cardTip(app, other.slug, { amount: 5, request_id: request.id });
    expect(crossed.statusCode).toBe(404);
    expect(JSON.parse(crossed.body)).toEqual({ detail: 'Request not found' });

    // Nothing secret in any log line.
    expect(test.rawLogs()).not.toContain(stub.secretKey);
    expect(test.rawLogs()).not.toContain(stub.webhookSecret);
  });

  it('says so, with a 404, where the musician takes no cards', async () => {
    const { app } = await startWithStripe(false);
    const musician = await registerMusician(app);
    const tip = await cardTip(app, musician.musician.slug, { amount: 5 });
    expect(tip.statusCode).toBe(404);
    expect(JSON.parse(tip.body)).toEqual({ detail: "This musician doesn't take card tips" });
  });

  it('files a paid request once paid, first in line, and keeps the money when it is played', async () => {
    const { app, stub, later } = await startWithStripe(false);
    const { musician, song } = await cardMusician(app);
    const earlier = await submitRequest(app, await createSong(app, musician, { title: 'Yellow' }));

    const checkout = await paidRequest(app, song.id);
    expect(await statusOf(app, checkout.status_token)).toMatchObject({
      id: checkout.id,
      payment: 'awaiting',
    });
    // Unseen until paid.
    expect((await requestsOf(app, musician)).map((r) => r.id)).toEqual([earlier.id]);

    expect(await stub.pay(sessionIdOf(checkout.checkout_url))).toBe(200);
    const queue = await requestsOf(app, musician);
    const paid = queue.find((r) => r.id === checkout.id)!;
    expect(paid).toMatchObject({ payment: 'paid', queue_position: 1, tip_amount: 0 });
    expect(queue.find((r) => r.id === earlier.id)!.queue_position).toBe(2);
    expect(await statusOf(app, checkout.status_token)).toMatchObject({ payment: 'paid' });
    // The request holds the requester now; the payment keeps only the song, for the books.
    expect(await heldSubmissionOf(app, checkout.id)).toEqual({
      requestId: checkout.id,
      songTitle: song.title,
      songArtist: song.artist,
    });

    await setRequestStatus(app, musician, checkout.id, 'played');
    later(UNDO_MS * 2);
    expect(await app.services.payments.refundDue()).toBe(0);
    expect(stub.refunds).toHaveLength(0);
  });

  it('refunds a paid request the musician rejects, once the undo window has passed', async () => {
    const { app, stub, later } = await startWithStripe(false);
    const { musician, song } = await cardMusician(app);
    const checkout = await paidRequest(app, song.id);
    await stub.pay(sessionIdOf(checkout.checkout_url));

    await setRequestStatus(app, musician, checkout.id, 'rejected');
    // Still within the undo window: the musician may take it back.
    expect(await app.services.payments.refundDue()).toBe(0);
    later(UNDO_MS + 1);
    expect(await app.services.payments.refundDue()).toBe(1);
    expect(stub.refunds).toHaveLength(1);
    expect(stub.refunds[0]).toMatchObject({ status: 'succeeded', amount: 300 });
    expect((await requestsOf(app, musician))[0]!.payment).toBe('refunded');
    expect(await statusOf(app, checkout.status_token)).toMatchObject({
      status: 'rejected',
      payment: 'refunded',
    });
    // Stripe's own word on the refund changes nothing more; a second sweep refunds nothing.
    await stub.idle();
    expect(await app.services.payments.refundDue()).toBe(0);
    expect(stub.refunds).toHaveLength(1);
  });

  it('refunds the paid requests left unplayed when the show ends', async () => {
    const { app, stub } = await startWithStripe(false);
    const { musician, song } = await cardMusician(app);
    await startShow(app, musician);
    const checkout = await paidRequest(app, song.id);
    await stub.pay(sessionIdOf(checkout.checkout_url));

    const stopped = await app.inject({
      method: 'POST',
      url: '/api/shows/stop',
      headers: musician.auth,
    });
    expect(stopped.statusCode).toBe(200);
    await vi.waitFor(() => expect(stub.refunds).toHaveLength(1));
    await vi.waitFor(async () =>
      expect((await requestsOf(app, musician))[0]!.payment).toBe('refunded'),
    );
  });

  it('answers a paid request sent again (the network dropped) with the same Checkout', async () => {
    const { app, stub } = await startWithStripe(false);
    const { song } = await cardMusician(app);
    const first = await paidRequest(app, song.id, 'key-0001-retried');
    const again = await paidRequest(app, song.id, 'key-0001-retried');
    expect(again).toEqual(first);
    expect(stub.sessions.size).toBe(1);
    const other = await paidRequest(app, song.id, 'key-0002-another');
    expect(other.id).not.toBe(first.id);
  });

  it('takes a card tip refunded from Stripe’s dashboard off its request', async () => {
    const { app, stub, dashboard } = await startWithStripe(false);
    const { musician, song, slug } = await cardMusician(app);
    const request = await submitRequest(app, song);
    const tip = await cardTip(app, slug, { amount: 20, request_id: request.id });
    await stub.pay(sessionIdOf(tip.checkoutUrl));
    expect((await requestsOf(app, musician))[0]!.tip_received).toBe(20);

    const intent = stub.sessions.get(sessionIdOf(tip.checkoutUrl))!.payment_intent as string;
    await dashboard.refunds.create({ payment_intent: intent });
    await stub.idle();
    const [after] = await requestsOf(app, musician);
    expect(after).toMatchObject({ tip_received: 0, tip_amount: 0, tips: [] });
  });

  it('refunds a paid request the musician deletes', async () => {
    const { app, stub, later } = await startWithStripe(false);
    const { musician, song } = await cardMusician(app);
    const checkout = await paidRequest(app, song.id);
    await stub.pay(sessionIdOf(checkout.checkout_url));
    // Paid and in the queue: owed nothing.
    later(61_000);
    expect(await app.services.payments.refundDue()).toBe(0);

    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/requests/${checkout.id}`,
      headers: musician.auth,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await app.services.payments.refundDue()).toBe(1);
    expect(stub.refunds).toHaveLength(1);
    const row = await app.database.kysely
      .selectFrom('payments')
      .select(['status', 'refundReason'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'refunded', refundReason: 'deleted' });
  });

  it('refunds a paid request the queue no longer takes by the time it is paid', async () => {
    const { app, stub } = await startWithStripe(false);
    const { musician, song } = await cardMusician(app);
    const checkout = await paidRequest(app, song.id);
    // Requests turned off while the phone was on Checkout.
    await updateProfile(app, musician, { requests_enabled: false });
    expect(await stub.pay(sessionIdOf(checkout.checkout_url))).toBe(200);
    expect(stub.refunds).toHaveLength(1);
    expect(await requestsOf(app, musician)).toEqual([]);
    expect(await statusOf(app, checkout.status_token)).toMatchObject({
      payment: 'refunded',
      song_title: song.title,
    });
    expect(JSON.stringify(await heldSubmissionOf(app, checkout.id))).not.toContain('@');
  });
});

/** The held submission of the paid request `requestId`, as stored. */
async function heldSubmissionOf(app: FastifyInstance, requestId: string): Promise<unknown> {
  const rows = await app.database.kysely.selectFrom('payments').select('submission').execute();
  const held = rows
    .map((row) => JSON.parse(row.submission ?? 'null') as { requestId?: string } | null)
    .find((submission) => submission?.requestId === requestId);
  return held;
}
